// The CLI's side of the session file (core/config/session_json.h): `train --save-session FILE`
// writes the finished run, `train --session FILE --steps N` continues it N more steps.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config/session_json.h"

namespace actlab::cli {

// True when the words continue a saved session (--session FILE).
bool wantsSession(const std::vector<std::string>& words);
// The path, once its folder is known to exist (CliError naming the flag otherwise).
std::string sessionOutputPath(const std::string& path, const std::string& flag);
// Atomically: a temporary file beside it, renamed over it once complete.
void writeSessionFile(const std::string& path, const SessionDocument& session);
// CliError "--session file 'F': …" for a file that cannot be read or is not a session.
SessionDocument readSessionFile(const std::string& path);
// A session holding one run of the CLI, as `actlab-cli VERSION` wrote it.
SessionDocument cliSession(const std::string& view, std::string runState);

// `actlab-cli train --session FILE [--steps N] [--log-every N] [--metrics F] [--save-session F]
// [--backend B] [--save-model F] [--dump-attention F]`.
std::string runTrainSession(const std::vector<std::string>& words, std::string& notes);

}  // namespace actlab::cli
