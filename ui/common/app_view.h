// One tab of the main window as the window knows it (issue 25: "the GUI knows views through one
// interface"): its name (sessions, lessons, --view), its tab's title, its saved state, the plot
// File → Export plot writes, the pictures it exports one by one, and its run when it is a lab
// (RunView: play, step, the timeline, presets, the runs a session keeps). A view implements it
// beside QWidget and is registered once, in MainWindow::createViews; the window loops over them.
#pragma once

#include <QImage>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <any>
#include <string>
#include <vector>

class QWidget;

namespace actlab {
struct LessonScene;
}

namespace actlab::ui {

class RunView;

class AppView {
public:
    virtual ~AppView() = default;

    virtual QString viewName() const = 0;   // "explorer", "training": never translated
    virtual QString viewTitle() const = 0;  // the tab's text, in the current language
    virtual QJsonObject saveState() const = 0;
    virtual void restoreState(const QJsonObject& state) = 0;

    // The view's plot (File → Export plot PNG/SVG, data CSV): its main chart or map.
    virtual bool exportPlotPng(const QString& path, QString* error) = 0;
    virtual bool exportPlotSvg(const QString& path, QString* error) = 0;
    virtual bool exportPlotCsv(const QString& path, QString* error) = 0;

    // The pictures File → Export picture offers, each {id, title} (none: the menu is off), and
    // one drawn as shown (null for an unknown or hidden id).
    struct Picture {
        QString id;  // e.g. "surface-A", "grid-B", "loss", "view"
        QString title;
    };
    virtual QList<Picture> pictures() const { return {}; }
    virtual QImage renderPicture(const QString&) const { return {}; }

    // A lab's run (Training, Attention), else null.
    virtual RunView* runView() { return nullptr; }

    // Lesson scenes (core/lessons/lesson.h) of this view: the scene's state applied (not its
    // pre-training, which the lesson starts), and the view's state as a scene holds it (with a
    // lab's step as the steps to pre-train).
    virtual void applyLessonScene(const LessonScene& scene) = 0;
    virtual void captureLessonScene(LessonScene& scene) const = 0;

    QWidget* widget() { return dynamic_cast<QWidget*>(this); }
};

// What a lab's view made again (a new language) takes over from the one before: the runs'
// states, their timeline, whether they were playing and the settings panel shown.
struct RunHandover {
    std::vector<std::string> runs;
    std::any keyframes;  // the view's own KeyframeTimeline
    bool playing = false;
    bool controlsShown = true;
};

}  // namespace actlab::ui
