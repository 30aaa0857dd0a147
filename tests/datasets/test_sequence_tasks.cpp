// The Attention lab's sequence tasks: the catalogue, option checks and names, seeding, shapes
// and ranges, and each task's defining rule recomputed from the sampled tokens.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "datasets/builtin_texts.h"
#include "datasets/sequence_tasks.h"
#include "layers/losses.h"

namespace actlab {
namespace {

const SequenceTaskInfo& info(const char* name) {
    const SequenceTaskInfo* found = findSequenceTask(name);
    EXPECT_NE(found, nullptr) << name;
    return found ? *found : sequenceTaskCatalogue()[0];
}

// The text task's text: a built-in one.
std::shared_ptr<const std::string> textFor(const char* name) {
    if (std::string_view(name) != "text") return nullptr;
    return std::make_shared<const std::string>(findBuiltInText("english-poems")->text);
}

SequenceTask make(const char* name, SequenceTaskOptions options = {}) {
    std::string error;
    std::optional<SequenceTask> task =
        SequenceTask::create(info(name), options, &error, textFor(name));
    EXPECT_TRUE(task.has_value()) << name << ": " << error;
    return task ? *task : *SequenceTask::create(info(name), {}, nullptr, textFor(name));
}

std::vector<Token> row(const TokenTensor& tensor, int b) {
    const std::span<const Token> values = tensor[b].span();
    return {values.begin(), values.end()};
}

TEST(SequenceTaskCatalogue, ListsTheSixTasksWithTheirDefaults) {
    struct Expected {
        const char* name;
        bool pooled, causal;
        int sequence, vocabulary, classes;
        bool sequenceFixed, vocabularyFixed;
    };
    const Expected expected[] = {
        {"reverse", false, false, 16, 16, 16, false, false},
        {"sort", false, false, 6, 3, 3, true, true},
        {"histogram", false, false, 10, 6, 11, false, false},
        {"induction", false, true, 24, 16, 16, false, false},
        {"negation", true, false, 8, 25, 2, false, true},
        {"text", false, true, 32, 51, 51, false, false},  // the English poems' 51 characters
    };
    ASSERT_EQ(sequenceTaskCatalogue().size(), std::size(expected));
    for (std::size_t i = 0; i < std::size(expected); ++i) {
        const Expected& e = expected[i];
        const SequenceTaskInfo& entry = sequenceTaskCatalogue()[i];
        SCOPED_TRACE(e.name);
        EXPECT_EQ(entry.name, e.name);
        EXPECT_EQ(findSequenceTask(e.name), &entry);
        EXPECT_FALSE(entry.description.empty());
        EXPECT_EQ(entry.description.find('\n'), std::string_view::npos);
        EXPECT_EQ(entry.pooled, e.pooled);
        EXPECT_EQ(entry.causal, e.causal);
        EXPECT_EQ(entry.sequenceFixed, e.sequenceFixed);
        EXPECT_EQ(entry.vocabularyFixed, e.vocabularyFixed);
        const SequenceTask task = make(e.name);
        EXPECT_EQ(task.sequence(), e.sequence);
        EXPECT_EQ(task.vocabulary(), e.vocabulary);
        EXPECT_EQ(task.classes(), e.classes);
        EXPECT_EQ(task.pooled(), e.pooled);
    }
    EXPECT_EQ(findSequenceTask("copy"), nullptr);
}

TEST(SequenceTaskOptions, RejectsWhatATaskCannotTakeWithAOneLineMessage) {
    struct Case {
        const char* name;
        SequenceTaskOptions options;
        const char* message;  // empty: accepted
    };
    const Case cases[] = {
        {"sort", {7, 0}, "--seq for sort must be 6, got 7"},
        {"sort", {0, 4}, "--vocab for sort must be 3, got 4"},
        {"sort", {6, 3}, ""},
        {"reverse", {65, 0}, "--seq must be 2..64, got 65"},
        {"reverse", {1, 0}, "--seq must be 2..64, got 1"},
        {"reverse", {-3, 0}, "--seq must be 2..64, got -3"},
        {"reverse", {0, 129}, "--vocab must be 2..128, got 129"},
        {"reverse", {0, 1}, "--vocab must be 2..128, got 1"},
        {"reverse", {2, 2}, ""},
        {"reverse", {64, 128}, ""},
        {"histogram", {64, 2}, ""},
        {"induction", {11, 0}, "--seq for induction must be 12..64, got 11"},
        {"induction", {0, 9}, "--vocab for induction must be 10..128, got 9"},
        {"induction", {12, 10}, ""},
        {"negation", {4, 0}, "--seq for negation must be 5..64, got 4"},
        {"negation", {0, 25}, "--vocab does not apply to negation: it has its own 25 words"},
        {"negation", {64, 0}, ""},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.name) + " " + std::to_string(c.options.sequence) + " " +
                     std::to_string(c.options.vocabulary));
        std::string error;
        const bool made = SequenceTask::create(info(c.name), c.options, &error).has_value();
        EXPECT_EQ(made, std::string(c.message).empty());
        EXPECT_EQ(error, c.message);
        EXPECT_EQ(SequenceTask::create(info(c.name), c.options, nullptr).has_value(), made);
    }
}

TEST(SequenceTaskNames, CountUniqueAndShort) {
    const std::pair<const char*, SequenceTaskOptions> tasks[] = {
        {"reverse", {}},        {"reverse", {64, 128}}, {"sort", {}},     {"histogram", {}},
        {"histogram", {64, 0}}, {"induction", {}},      {"negation", {}},
    };
    for (const auto& [name, options] : tasks) {
        SCOPED_TRACE(name);
        const SequenceTask task = make(name, options);
        const std::vector<std::string> tokens = task.tokenNames(), classes = task.classNames();
        ASSERT_EQ(int(tokens.size()), task.vocabulary());
        ASSERT_EQ(int(classes.size()), task.classes());
        for (const auto* names : {&tokens, &classes}) {
            EXPECT_EQ(std::set<std::string>(names->begin(), names->end()).size(), names->size());
            for (const std::string& n : *names) EXPECT_TRUE(!n.empty() && n.size() <= 8) << n;
        }
    }
    EXPECT_EQ(make("reverse").tokenNames(),
              (std::vector<std::string>{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
                                        "m", "n", "o", "p"}));
    EXPECT_EQ(make("reverse", {0, 26}).tokenNames().back(), "z");
    EXPECT_EQ(make("reverse", {0, 27}).tokenNames().front(), "t0");
    EXPECT_EQ(make("reverse", {0, 27}).tokenNames().back(), "t26");
    EXPECT_EQ(make("sort").classNames(), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(make("histogram", {4, 0}).classNames(),
              (std::vector<std::string>{"0", "1", "2", "3", "4"}));
    EXPECT_EQ(make("negation").classNames(), (std::vector<std::string>{"negative", "positive"}));
}

TEST(SequenceTaskSampling, TheSameSeedGivesTheSameBatchAndAnotherSeedAnother) {
    for (const SequenceTaskInfo& entry : sequenceTaskCatalogue()) {
        SCOPED_TRACE(std::string(entry.name));
        const SequenceTask task = make(std::string(entry.name).c_str());
        Random first(42), again(42), other(43);
        const SequenceBatch a = task.sample(16, first), b = task.sample(16, again);
        const SequenceBatch c = task.sample(16, other);
        EXPECT_TRUE(std::ranges::equal(a.tokens.span(), b.tokens.span()));
        EXPECT_TRUE(std::ranges::equal(a.targets.span(), b.targets.span()));
        EXPECT_TRUE(std::ranges::equal(a.scored.span(), b.scored.span()));
        EXPECT_FALSE(std::ranges::equal(a.tokens.span(), c.tokens.span()));
        // The next batch from the same generator is a fresh one.
        EXPECT_FALSE(std::ranges::equal(a.tokens.span(), task.sample(16, first).tokens.span()));
    }
}

TEST(SequenceTaskSampling, ShapesAndRangesOfTokensTargetsAndScored) {
    for (const SequenceTaskInfo& entry : sequenceTaskCatalogue()) {
        SCOPED_TRACE(std::string(entry.name));
        const SequenceTask task = make(std::string(entry.name).c_str());
        const int B = 64, T = task.sequence();
        Random rng(1);
        const SequenceBatch batch = task.sample(B, rng);
        const Shape targetShape = task.pooled() ? Shape{B} : Shape{B, T};
        ASSERT_EQ(batch.tokens.shape(), (Shape{B, T}));
        ASSERT_EQ(batch.targets.shape(), targetShape);
        ASSERT_EQ(batch.scored.shape(), targetShape);
        for (Token token : batch.tokens.span())
            ASSERT_TRUE(token >= 0 && token < task.vocabulary());
        for (Index i = 0; i < batch.targets.size(); ++i) {
            const Token target = batch.targets.span()[i], scored = batch.scored.span()[i];
            ASSERT_TRUE(scored == 0 || scored == 1);
            if (target == kIgnoreTarget) {
                ASSERT_TRUE(task.info().causal && i % T == T - 1) << "ignored target at " << i;
                ASSERT_EQ(scored, 0);
            } else {
                ASSERT_TRUE(target >= 0 && target < task.classes()) << target;
            }
            if (!task.info().causal) {
                ASSERT_EQ(scored, 1);  // every target counts
            }
        }
    }
    Random rng(1);
    EXPECT_EQ(make("reverse").sample(0, rng).tokens.shape(), (Shape{0, 16}));
}

TEST(ReverseTask, TargetsAreTheTokensReversed) {
    for (const SequenceTaskOptions options : {SequenceTaskOptions{}, {2, 2}, {64, 128}, {9, 30}}) {
        const SequenceTask task = make("reverse", options);
        Random rng(2);
        const SequenceBatch batch = task.sample(200, rng);
        std::set<Token> seen;
        for (int b = 0; b < 200; ++b) {
            std::vector<Token> reversed = row(batch.tokens, b);
            seen.insert(reversed.begin(), reversed.end());
            std::reverse(reversed.begin(), reversed.end());
            ASSERT_EQ(row(batch.targets, b), reversed) << "sequence " << b;
        }
        EXPECT_EQ(int(seen.size()), task.vocabulary());  // every token is drawn
    }
}

TEST(SortTask, TargetsAreTheTokensSortedAscending) {
    const SequenceTask task = make("sort");
    Random rng(3);
    const SequenceBatch batch = task.sample(500, rng);
    std::set<std::vector<Token>> distinct;
    for (int b = 0; b < 500; ++b) {
        const std::vector<Token> tokens = row(batch.tokens, b), targets = row(batch.targets, b);
        ASSERT_EQ(tokens.size(), 6u);
        ASSERT_TRUE(std::is_sorted(targets.begin(), targets.end())) << "sequence " << b;
        ASSERT_TRUE(std::is_permutation(targets.begin(), targets.end(), tokens.begin()));
        distinct.insert(tokens);
    }
    EXPECT_GT(distinct.size(), 200u);  // of 3^6 = 729 possible inputs
}

TEST(HistogramTask, EachTargetCountsItsTokenInTheSequence) {
    for (const SequenceTaskOptions options : {SequenceTaskOptions{}, {2, 2}, {64, 3}, {12, 128}}) {
        const SequenceTask task = make("histogram", options);
        Random rng(4);
        const SequenceBatch batch = task.sample(200, rng);
        std::set<Token> counts;
        for (int b = 0; b < 200; ++b) {
            const std::vector<Token> tokens = row(batch.tokens, b), targets = row(batch.targets, b);
            for (std::size_t t = 0; t < tokens.size(); ++t) {
                int count = 0;
                for (Token other : tokens) count += other == tokens[t];
                ASSERT_EQ(targets[t], count) << "sequence " << b << " position " << t;
                counts.insert(targets[t]);
            }
        }
        EXPECT_GE(counts.size(), 2u);  // not a constant answer
    }
}

TEST(InductionTask, ScoresExactlyTheInsideOfACopiedSegment) {
    for (const SequenceTaskOptions options : {SequenceTaskOptions{}, {12, 10}, {64, 128}}) {
        const SequenceTask task = make("induction", options);
        const int T = task.sequence(), B = 2000;
        SCOPED_TRACE(T);
        Random rng(5);
        const SequenceBatch batch = task.sample(B, rng);
        std::set<int> sources, copies, lengths;
        for (int b = 0; b < B; ++b) {
            const std::vector<Token> tokens = row(batch.tokens, b), targets = row(batch.targets, b);
            const std::vector<Token> scored = row(batch.scored, b);
            for (int t = 0; t + 1 < T; ++t) ASSERT_EQ(targets[t], tokens[t + 1]);
            ASSERT_EQ(targets[T - 1], kIgnoreTarget);
            // The scored positions are one run [copy, copy + length − 1).
            const auto first = std::find(scored.begin(), scored.end(), 1);
            const auto end = std::find(first, scored.end(), 0);
            ASSERT_EQ(std::count(end, scored.end(), 1), 0) << "scored is not one run in " << b;
            const int copy = int(first - scored.begin()), length = int(end - first) + 1;
            ASSERT_TRUE(length >= 4 && length <= std::min(7, T / 2)) << length;
            ASSERT_LE(copy + length, T);
            // An earlier source equals the copy and ends before it starts.
            int source = -1;
            for (int s = 0; s + length <= copy; ++s)
                if (std::equal(tokens.begin() + s, tokens.begin() + s + length,
                               tokens.begin() + copy))
                    source = s;
            ASSERT_GE(source, 0) << "no source for the copy at " << copy << " in " << b;
            // The segment's tokens are distinct and occur only in the source and the copy, so
            // "find the earlier occurrence, copy its successor" is never ambiguous.
            for (int i = 0; i < length; ++i) {
                const Token token = tokens[size_t(copy + i)];
                ASSERT_EQ(std::count(tokens.begin(), tokens.end(), token), 2)
                    << "token " << token << " of the segment in sequence " << b;
            }
            sources.insert(source);
            copies.insert(copy);
            lengths.insert(length);
        }
        EXPECT_GE(sources.size(), 5u);
        EXPECT_GE(copies.size(), 5u);
        std::set<int> allLengths;
        for (int length = 4; length <= std::min(7, T / 2); ++length) allLengths.insert(length);
        EXPECT_EQ(lengths, allLengths);
    }
}

// The rule stated independently of the generator: class = the adjective's polarity, flipped
// when a negator stands 1..3 words before it.
TEST(NegationTask, LabelsFollowTheNegationRuleWithBalancedClassesAndDistractors) {
    const std::set<std::string> negators = {"not", "never", "no"};
    const std::set<std::string> positive = {"happy", "good", "great", "kind", "calm"};
    const std::set<std::string> negative = {"sad", "bad", "awful", "cruel", "angry"};
    for (const SequenceTaskOptions options : {SequenceTaskOptions{}, {5, 0}, {64, 0}}) {
        const SequenceTask task = make("negation", options);
        const std::vector<std::string> words = task.tokenNames();
        for (const auto* group : {&negators, &positive, &negative})
            for (const std::string& word : *group)
                ASSERT_EQ(std::count(words.begin(), words.end(), word), 1) << word;
        const int T = task.sequence(), B = 2000;
        SCOPED_TRACE(T);
        Random rng(6);
        const SequenceBatch batch = task.sample(B, rng);
        std::map<std::string, int> kinds;
        int positives = 0;
        for (int b = 0; b < B; ++b) {
            ASSERT_EQ(batch.scored(b), 1);
            int adjective = -1, adjectives = 0;
            std::vector<int> negatorAt;
            for (int t = 0; t < T; ++t) {
                const std::string& word = words[batch.tokens(b, t)];
                if (positive.count(word) || negative.count(word)) adjective = t, ++adjectives;
                if (negators.count(word)) negatorAt.push_back(t);
            }
            ASSERT_EQ(adjectives, 1) << "sequence " << b;
            bool flipped = false;
            for (int n : negatorAt) flipped |= n < adjective && adjective - n <= 3;
            const bool isPositive = positive.count(words[batch.tokens(b, adjective)]) > 0;
            ASSERT_EQ(batch.targets(b), Token(isPositive != flipped)) << "sequence " << b;
            positives += batch.targets(b);
            for (int n : negatorAt)
                ++kinds[n > adjective ? "after" : adjective - n <= 3 ? "near" : "far"];
            if (negatorAt.empty()) ++kinds["none"];
        }
        EXPECT_GE(positives, 0.4 * B);
        EXPECT_LE(positives, 0.6 * B);
        EXPECT_GE(kinds["near"], 0.4 * B);
        EXPECT_LE(kinds["near"], 0.6 * B);
        for (const char* distractor : {"none", "after", "far"})
            EXPECT_GE(kinds[distractor], 0.1 * B) << distractor;
    }
}

}  // namespace
}  // namespace actlab
