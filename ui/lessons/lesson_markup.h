// A lesson text's markup (core/lessons/lesson.h: "a small HTML subset") written from a rich-text
// document: the paragraphs <p>, bulleted and numbered lists <ul>/<ol> of <li>, and inside them
// <b>, <i>, <sub>, <sup> and <code>, with &, < and > escaped. The built-in lessons use exactly
// these; QTextDocument::setHtml reads them back, so a text the editor loads and writes unchanged
// keeps its markup.
#pragma once

#include <QString>

class QTextDocument;

namespace actlab::ui {

// The document as lesson markup ("" for an empty document; empty paragraphs are left out).
QString lessonMarkup(const QTextDocument& document);

}  // namespace actlab::ui
