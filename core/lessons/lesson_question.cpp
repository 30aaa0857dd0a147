// Lesson questions: the condition language's parser and evaluation, and the question's JSON
// (read and written by lesson.cpp through lesson_question_json.h).
#include "lessons/lesson_question.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "lessons/lesson_question_json.h"

namespace actlab {
namespace {

using config_json::fail;
using config_json::Json;
using config_json::Reader;

// A reader of one condition: the text, the place, and the first problem as a thrown message.
class ConditionParser {
public:
    ConditionParser(const std::string& text, const std::string& view, bool compare)
        : m_text(text), m_view(view), m_compare(compare) {}

    LessonCondition condition() {
        LessonCondition c;
        c.all.push_back(comparison());
        while (word("and")) c.all.push_back(comparison());
        end();
        return c;
    }
    LessonFigureRef figureAlone() {
        skipSpace();
        auto f = figure();
        if (!f) problem("expected a figure such as dead_fraction(a)");
        end();
        return *f;
    }

private:
    [[noreturn]] void problem(const std::string& what) const {
        const std::string near = m_at < m_text.size() ? m_text.substr(m_at, 12) : "the end";
        throw config_json::FieldError{"at '" + near + "': " + what};
    }
    void skipSpace() {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at])))
            ++m_at;
    }
    bool symbol(const std::string& s) {
        skipSpace();
        if (m_text.compare(m_at, s.size(), s) != 0) return false;
        m_at += s.size();
        return true;
    }
    bool word(const std::string& w) {
        skipSpace();
        if (m_text.compare(m_at, w.size(), w) != 0) return false;
        const size_t after = m_at + w.size();
        if (after < m_text.size() &&
            (std::isalnum(static_cast<unsigned char>(m_text[after])) || m_text[after] == '_'))
            return false;
        m_at = after;
        return true;
    }
    void end() {
        skipSpace();
        if (m_at != m_text.size()) problem("expected 'and' or the end");
    }
    std::string name() {
        skipSpace();
        const size_t from = m_at;
        while (m_at < m_text.size() &&
               (std::islower(static_cast<unsigned char>(m_text[m_at])) ||
                std::isdigit(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '_'))
            ++m_at;
        return m_text.substr(from, m_at - from);
    }
    std::optional<double> number() {
        skipSpace();
        if (m_at >= m_text.size()) return std::nullopt;
        const char c = m_text[m_at];
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '-' && c != '+' && c != '.')
            return std::nullopt;
        const char* begin = m_text.c_str() + m_at;
        char* stop = nullptr;
        const double value = std::strtod(begin, &stop);
        if (stop == begin || !std::isfinite(value)) return std::nullopt;
        m_at += size_t(stop - begin);
        return value;
    }
    int whole(const std::string& what) {
        const auto value = number();
        if (!value || *value < 1 || *value > 64 || *value != std::floor(*value))
            problem("expected " + what + " from 1 to 64");
        return int(*value);
    }
    // kind(run[, block[, head]]), checked against the scene.
    std::optional<LessonFigureRef> figure() {
        const size_t start = m_at;
        const std::string kind = name();
        if (kind.empty() || !symbol("(")) {
            m_at = start;
            return std::nullopt;
        }
        LessonFigureRef ref;
        ref.what = kind;
        const auto& kinds = lessonFigureKinds();
        if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end() ||
            lessonFigureFitsView(kind, "explorer") || !lessonFigureFitsView(kind, m_view)) {
            m_at = start;
            problem("'" + kind + "' is not a figure a " + m_view + " scene's runs measure");
        }
        skipSpace();
        const char run = m_at < m_text.size() ? char(std::tolower(m_text[m_at])) : '\0';
        if (run != 'a' && run != 'b') problem("expected the run, a or b");
        ++m_at;
        if (run == 'b' && !m_compare) problem("run b needs the scene's \"compare\"");
        ref.run = std::string(1, run);
        if (symbol(",")) ref.layer = whole("a block");
        if (symbol(",")) ref.head = whole("a head");
        const bool blocks = kind == "layer_grad_norm" || kind == "previous_token_attention";
        if (blocks && ref.layer < 1) problem(kind + " needs its block");
        if (!blocks && ref.layer != 0) problem(kind + " has no block");
        if (kind == "previous_token_attention" && ref.head < 1) problem(kind + " needs its head");
        if (kind != "previous_token_attention" && ref.head != 0) problem(kind + " has no head");
        if (!symbol(")")) problem("expected ')'");
        return ref;
    }
    LessonCondition::Operand operand() {
        LessonCondition::Operand o;
        if ((o.figure = figure())) return o;
        const auto value = number();
        if (!value) problem("expected a figure or a number");
        o.number = *value;
        return o;
    }
    LessonCondition::Comparison comparison() {
        LessonCondition::Comparison c;
        c.left = operand();
        for (const char* op : {"<=", ">=", "<", ">", "="})
            if (symbol(op)) {
                c.op = op;
                break;
            }
        if (c.op.empty()) problem("expected <, <=, >, >= or =");
        c.right = operand();
        if (!c.left.figure && !c.right.figure) problem("a comparison needs a figure");
        if (c.op == "=") {
            if (!symbol("±") && !symbol("+-")) problem("expected ± (or +-) and a tolerance");
            const auto tolerance = number();
            if (!tolerance || *tolerance < 0) problem("expected a tolerance ≥ 0");
            c.tolerance = *tolerance;
        }
        return c;
    }

    const std::string& m_text;
    const std::string& m_view;
    bool m_compare;
    size_t m_at = 0;
};

template <typename Result>
std::optional<Result> parseWith(const std::function<Result(ConditionParser&)>& parse,
                                const std::string& text, const std::string& view, bool compare,
                                std::string* error) {
    try {
        ConditionParser parser(text, view, compare);
        return parse(parser);
    } catch (const config_json::FieldError& e) {
        if (error) *error = e.message;
    }
    return std::nullopt;
}

void addOnce(std::vector<LessonFigureRef>& refs, const LessonFigureRef& ref) {
    if (std::find(refs.begin(), refs.end(), ref) == refs.end()) refs.push_back(ref);
}

}  // namespace

std::string LessonFigureRef::text() const {
    return what + "(" + run + (layer ? ", " + std::to_string(layer) : "") +
           (head ? ", " + std::to_string(head) : "") + ")";
}

std::optional<LessonCondition> parseLessonCondition(const std::string& text,
                                                    const std::string& view, bool compare,
                                                    std::string* error) {
    return parseWith<LessonCondition>([](ConditionParser& p) { return p.condition(); }, text, view,
                                      compare, error);
}

std::optional<LessonFigureRef> parseLessonFigureRef(const std::string& text,
                                                    const std::string& view, bool compare,
                                                    std::string* error) {
    return parseWith<LessonFigureRef>([](ConditionParser& p) { return p.figureAlone(); }, text,
                                      view, compare, error);
}

std::vector<LessonFigureRef> lessonQuestionFigures(const LessonQuestion& question,
                                                   const std::string& view, bool compare) {
    std::vector<LessonFigureRef> refs;
    for (const LessonChoice& choice : question.choices)
        if (const auto c = parseLessonCondition(choice.when, view, compare, nullptr))
            for (const LessonCondition::Comparison& comparison : c->all)
                for (const auto* o : {&comparison.left, &comparison.right})
                    if (o->figure) addOnce(refs, *o->figure);
    if (!question.answer.empty())
        if (const auto ref = parseLessonFigureRef(question.answer, view, compare, nullptr))
            addOnce(refs, *ref);
    return refs;
}

LessonFigure lessonFigureFor(const LessonFigureRef& ref) {
    LessonFigure f;
    f.what = ref.what;
    f.run = ref.run;
    f.layer = ref.layer;
    f.head = ref.head;
    // A share as a percentage ("53%"), anything else with two decimals ("0.38")
    const bool share = ref.what.find("fraction") != std::string::npos ||
                       ref.what.find("accuracy") != std::string::npos ||
                       ref.what.find("attention") != std::string::npos;
    f.format = share && ref.what != "attention_entropy" ? "percent" : "fixed";
    f.digits = f.format == "percent" ? 0 : 2;
    return f;
}

std::optional<bool> evaluateLessonCondition(const LessonCondition& condition,
                                            const LessonFigureLookup& measured) {
    bool holds = true;
    for (const LessonCondition::Comparison& c : condition.all) {
        std::optional<double> left = c.left.figure ? measured(*c.left.figure) : c.left.number;
        std::optional<double> right = c.right.figure ? measured(*c.right.figure) : c.right.number;
        if (!left || !right) return std::nullopt;
        const double l = *left, r = *right;
        if (c.op == "<") holds = holds && l < r;
        if (c.op == "<=") holds = holds && l <= r;
        if (c.op == ">") holds = holds && l > r;
        if (c.op == ">=") holds = holds && l >= r;
        if (c.op == "=") holds = holds && std::abs(l - r) <= c.tolerance;
    }
    return holds;
}

LessonQuestionOutcome revealLessonQuestion(const LessonQuestion& question, const std::string& view,
                                           bool compare, const LessonFigureLookup& measured) {
    LessonQuestionOutcome outcome;
    outcome.complete = true;
    for (const LessonFigureRef& ref : lessonQuestionFigures(question, view, compare)) {
        const auto value = measured(ref);
        if (value)
            outcome.measured.emplace_back(ref, *value);
        else
            outcome.complete = false;
    }
    for (size_t i = 0; i < question.choices.size(); ++i) {
        const auto c = parseLessonCondition(question.choices[i].when, view, compare, nullptr);
        if (c && evaluateLessonCondition(*c, measured).value_or(false))
            outcome.right.push_back(int(i));
    }
    if (!question.answer.empty())
        if (const auto ref = parseLessonFigureRef(question.answer, view, compare, nullptr))
            outcome.answer = measured(*ref);
    return outcome;
}

bool lessonGuessIsRight(const LessonQuestion& question, double answer, double guess) {
    return std::abs(guess - answer) <= question.tolerance;
}

std::optional<std::vector<double>> parseLessonGuesses(const std::string& text,
                                                      const LessonQuestion& question,
                                                      std::string* error) {
    std::string plain;  // the CJK separators as commas
    for (size_t i = 0; i < text.size();) {
        const std::string_view rest = std::string_view(text).substr(i);
        size_t skip = 0;
        for (const std::string_view cjk : {"，", "、", "；"})
            if (rest.starts_with(cjk)) skip = cjk.size();
        plain += skip ? ',' : text[i];
        i += skip ? skip : 1;
    }
    std::vector<double> guesses;
    size_t at = 0;
    while (at < plain.size()) {
        const size_t end = plain.find_first_of(",; \t\n", at);
        const std::string token = plain.substr(at, end == std::string::npos ? end : end - at);
        at = end == std::string::npos ? plain.size() : end + 1;
        if (token.empty()) continue;
        const bool percent = token.back() == '%';
        const std::string digits = percent ? token.substr(0, token.size() - 1) : token;
        double value = 0;  // from_chars: the C locale's digits whatever the user's locale
        const auto [stop, problem] =
            std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (digits.empty() || problem != std::errc() || stop != digits.data() + digits.size() ||
            !std::isfinite(value)) {
            if (error) *error = "'" + token + "' is not a number";
            return std::nullopt;
        }
        guesses.push_back(percent || question.format == "percent" ? value / 100 : value);
        if (guesses.size() > 200) {
            if (error) *error = "more than 200 guesses";
            return std::nullopt;
        }
    }
    return guesses;
}

// "question": {"text": {…}, "choices": [{"text": {…}, "when": "…"}, …]} or {"text": {…},
// "answer": "figure", "tolerance": t, "format": …, "digits": …}.
LessonQuestion readLessonQuestion(const config_json::Json& j,
                                  const std::vector<std::string>& languages,
                                  const std::string& view, bool compare,
                                  const LessonTextReader& readText) {
    const Reader r(j, "question");
    r.only({"text", "choices", "answer", "tolerance", "format", "digits"});
    LessonQuestion q;
    if (!r.get("text")) fail("question.text", "missing");
    q.text = readText(*r.get("text"), "question.text", languages);
    const Json* choices = r.get("choices");
    if (choices && r.get("answer")) fail("question", "either \"choices\" or \"answer\", not both");
    if (!choices && !r.get("answer")) fail("question", "needs \"choices\" or an \"answer\"");
    if (choices) {
        if (!choices->is_array() || choices->size() < 2 || choices->size() > 8)
            fail("question.choices", "expected 2 to 8 choices");
        for (size_t i = 0; i < choices->size(); ++i) {
            const std::string path = "question.choices[" + std::to_string(i) + "]";
            const Reader c((*choices)[i], path);
            c.only({"text", "when"});
            LessonChoice choice;
            if (!c.get("text")) fail(path + ".text", "missing");
            choice.text = readText(*c.get("text"), path + ".text", languages);
            choice.when = c.text("when").value_or("");
            std::string error;
            if (!parseLessonCondition(choice.when, view, compare, &error))
                fail(path + ".when", error);
            q.choices.push_back(choice);
        }
        if (r.get("tolerance") || r.get("format") || r.get("digits"))
            fail("question", "only a number question (an \"answer\") has a tolerance or format");
        return q;
    }
    q.answer = r.text("answer").value_or("");
    std::string error;
    if (!parseLessonFigureRef(q.answer, view, compare, &error)) fail("question.answer", error);
    r.number("tolerance", q.tolerance, 0, 1e12);
    q.format = r.text("format").value_or("fixed");
    if (q.format != "percent" && q.format != "fixed" && q.format != "sci")
        fail("question.format", "expected percent, fixed or sci");
    q.digits = q.format == "fixed" ? 2 : q.format == "sci" ? 1 : 0;
    r.integer("digits", q.digits, 0, 6);
    return q;
}

config_json::Json lessonQuestionToJson(const LessonQuestion& q) {
    Json j{{"text", q.text}};
    if (!q.choices.empty()) {
        Json choices = Json::array();
        for (const LessonChoice& c : q.choices)
            choices.push_back({{"text", c.text}, {"when", c.when}});
        j["choices"] = choices;
        return j;
    }
    j["answer"] = q.answer;
    j["tolerance"] = q.tolerance;
    j["format"] = q.format;
    j["digits"] = q.digits;
    return j;
}

}  // namespace actlab
