// HeatmapGlCanvas: uploads the cell image when it changes and draws it as a textured quad.
#include "ui/heatmap/heatmap_gl_canvas.h"

#include <QOpenGLContext>
#include <QOpenGLShaderProgram>

namespace actlab::ui {
namespace {

// GLSL 1.10 (no #version): accepted by every desktop context Qt creates by default.
constexpr const char* kVertexShader = R"(
attribute vec2 position;
attribute vec2 texel;
varying vec2 uv;
void main() { uv = texel; gl_Position = vec4(position, 0.0, 1.0); }
)";
constexpr const char* kFragmentShader = R"(
uniform sampler2D cells;
varying vec2 uv;
void main() { gl_FragColor = texture2D(cells, uv); }
)";

// Triangle strip over the whole viewport; texture row 0 (the image's top line) at the top.
constexpr GLfloat kQuad[] = {
    // x, y, u, v
    -1, -1, 0, 1,  //
    1,  -1, 1, 1,  //
    -1, 1,  0, 0,  //
    1,  1,  1, 0,
};

}  // namespace

HeatmapGlCanvas::HeatmapGlCanvas(QWidget* parent) : QOpenGLWidget(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);  // the parent view does the readout
}

HeatmapGlCanvas::~HeatmapGlCanvas() {
    // The context outlives this class's part of the object: ~QOpenGLWidget destroys it, and its
    // aboutToBeDestroyed would then call releaseGl() on an object that is no longer a
    // HeatmapGlCanvas (undefined behaviour; UBSan's vptr check reported it, issue 6).
    if (context())
        disconnect(context(), &QOpenGLContext::aboutToBeDestroyed, this,
                   &HeatmapGlCanvas::releaseGl);
    releaseGl();
}

void HeatmapGlCanvas::setImage(const QImage& cells) {
    m_cells = cells.convertToFormat(QImage::Format_RGBA8888);
    m_dirty = true;
    update();
}

void HeatmapGlCanvas::initializeGL() {
    initializeOpenGLFunctions();
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &HeatmapGlCanvas::releaseGl);
    m_program = new QOpenGLShaderProgram;
    m_program->addShaderFromSourceCode(QOpenGLShader::Vertex, kVertexShader);
    m_program->addShaderFromSourceCode(QOpenGLShader::Fragment, kFragmentShader);
    m_program->bindAttributeLocation("position", 0);
    m_program->bindAttributeLocation("texel", 1);
    if (!m_program->link()) qWarning("HeatmapGlCanvas: %s", qPrintable(m_program->log()));
    glGenTextures(1, &m_texture);
    m_dirty = true;
}

void HeatmapGlCanvas::paintGL() {
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    if (m_cells.isNull() || !m_program || !m_program->isLinked()) return;

    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, m_texture);
    if (m_dirty) {
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // RGBA8888 rows are always 4-byte aligned
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, m_cells.width(), m_cells.height(), 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, m_cells.constBits());
        m_dirty = false;
    }
    m_program->bind();
    m_program->setUniformValue("cells", 0);
    m_program->enableAttributeArray(0);
    m_program->enableAttributeArray(1);
    m_program->setAttributeArray(0, GL_FLOAT, kQuad, 2, 4 * sizeof(GLfloat));
    m_program->setAttributeArray(1, GL_FLOAT, kQuad + 2, 2, 4 * sizeof(GLfloat));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    m_program->disableAttributeArray(0);
    m_program->disableAttributeArray(1);
    m_program->release();
}

void HeatmapGlCanvas::releaseGl() {
    if (!m_program && !m_texture) return;
    if (!context()) return;
    makeCurrent();
    if (m_texture) glDeleteTextures(1, &m_texture);
    m_texture = 0;
    delete m_program;
    m_program = nullptr;
    doneCurrent();
}

}  // namespace actlab::ui
