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

# Unity builds (ACTLAB_UNITY_BUILD, on by default): the sources of actlab_core, actlab_ui,
# actlab_gui and actlab-cli compiled eight to a file, so nlohmann-json's and Eigen's templates are instantiated once per eight files instead
# of once per file: core's CPU time went from 353 s to 209 s (GCC 12, Release). Each source
# still keeps its helpers in an anonymous namespace; two with one name in a batch fail to
# compile (a redefinition, an ambiguous call). The test suites are one file each: none to batch.
option(ACTLAB_UNITY_BUILD "Compile the libraries' and programs' sources eight to a file (faster builds)" ON)

function(actlab_unity target)
  if(ACTLAB_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
