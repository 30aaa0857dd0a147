// The one assembly of every exported script (script_parts.h).
#include "export/python_text.h"
#include "export/script_parts.h"

namespace actlab::pytorch_export {

std::string assembleScript(const ScriptParts& parts) {
    std::string script = parts.head;
    script += std::string(randomClass()) + "\n\n";
    script += parts.data;
    script += parts.model;
    script += optimizerCode(parts.optimizer) + "\n\n";
    script += parts.training;
    script += std::string(weightsLoader()) + "\n\n";
    script += mainFunction(parts.mainModel, parts.mainInputs, parts.mainRows, parts.mainHelp,
                           parts.mainTrain);
    script += parts.tail;
    return script;
}

}  // namespace actlab::pytorch_export
