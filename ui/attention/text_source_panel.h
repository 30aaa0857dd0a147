// The text task's text in the Attention view's controls: a built-in text, a pasted one or a
// UTF-8 file, checked by core (empty, binary, invalid UTF-8, over 10 MB, too short for T) before
// it replaces the current one; a line says its characters, vocabulary, <unk> share and whether
// a part is held out. A refused text leaves the current one (and the run) as they were.
#pragma once

#include <QWidget>
#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QPushButton;

namespace actlab::ui {

class TextSourcePanel : public QWidget {
    Q_OBJECT
public:
    explicit TextSourcePanel(QWidget* parent = nullptr);

    std::shared_ptr<const std::string> text() const { return m_text; }
    // The text a configuration carries (a built-in one is chosen in the box); emits nothing.
    void setText(std::shared_ptr<const std::string> text);
    // T and the vocabulary limit the checks and the status line use; emits nothing.
    void setShape(int sequence, int vocabulary);
    // Checks `bytes`; a good text replaces the current one (emits textChosen), a bad one only
    // shows why (returns false).
    bool offerText(const std::string& bytes);
    bool openFile(const QString& path);  // reads the file (UTF-8) and offers it
    bool chooseBuiltIn(const QString& name);
    QString statusText() const;
    QString errorText() const;  // why the last offered text was refused, "" if it was not

signals:
    void textChosen();

private:
    void pasteText();  // a dialog with a text box
    void openFileDialog();
    void showBuiltIn();  // the box shows the built-in text that is the current one, or "own"
    void updateStatus();
    void showError(const QString& error);

    std::shared_ptr<const std::string> m_text;
    int m_sequence = 32, m_vocabulary = 0;
    QComboBox* m_builtIn;
    QPushButton* m_paste;
    QPushButton* m_open;
    QLabel* m_status;
    QLabel* m_error;
};

}  // namespace actlab::ui
