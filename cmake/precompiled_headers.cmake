# Precompiled headers (ACTLAB_PCH, on by default): the standard library, Qt's and GoogleTest's
# headers are parsed once per library instead of once per file. The build's CPU time is mostly
# spent there (CI builds ActLab three times: Release with the tests, ASan with the tests, the
# .deb), and a precompiled header changes nothing a file sees: every header listed is one its
# sources include anyway, and GCC falls back to the text of a header whose precompiled form
# does not fit a file's flags. With ccache, set sloppiness=pch_defines,time_macros (README).
option(ACTLAB_PCH "Precompile the common headers (faster builds)" ON)

# The headers most of a target's sources include (by count over core/, ui/, app/ and tests/).
set(actlab_pch_std
  <algorithm> <array> <cmath> <cstdint> <functional> <map> <memory> <optional> <span>
  <string> <string_view> <utility> <vector>)
set(actlab_pch_qt
  <QApplication> <QCheckBox> <QComboBox> <QCoreApplication> <QDoubleSpinBox> <QElapsedTimer>
  <QFileDialog> <QGroupBox> <QHBoxLayout> <QImage> <QJsonArray> <QJsonDocument> <QJsonObject>
  <QLabel> <QMessageBox> <QObject> <QPainter> <QPushButton> <QSpinBox> <QString> <QStringList>
  <QTimer> <QVBoxLayout> <QWidget>)

# actlab_precompile(TARGET [HEADER...]): the standard headers and these, for TARGET's sources.
function(actlab_precompile target)
  if(ACTLAB_PCH)
    target_precompile_headers(${target} PRIVATE ${actlab_pch_std} ${ARGN})
  endif()
endfunction()
