// The OpenGL path of HeatmapView: the cell image as a texture (nearest filtering) on one quad.
// Used only where HeatmapView::openGlAvailable(); the raster path is always the reference.
#pragma once

#include <QImage>
#include <QOpenGLFunctions>
#include <QOpenGLWidget>

class QOpenGLShaderProgram;

namespace actlab::ui {

class HeatmapGlCanvas : public QOpenGLWidget, protected QOpenGLFunctions {
    Q_OBJECT
public:
    explicit HeatmapGlCanvas(QWidget* parent = nullptr);
    ~HeatmapGlCanvas() override;

    void setImage(const QImage& cells);  // one pixel per cell, top row drawn at the top

protected:
    void initializeGL() override;
    void paintGL() override;

private:
    void releaseGl();

    QImage m_cells;
    bool m_dirty = true;
    unsigned int m_texture = 0;
    QOpenGLShaderProgram* m_program = nullptr;
};

}  // namespace actlab::ui
