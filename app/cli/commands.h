// The actlab-cli commands. Each takes the words after its name and returns the complete
// stdout text (printed only on success, so an error never leaves partial output).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace actlab::cli {

std::string runList(const std::vector<std::string>& words);
// Writes the CSV to `out` only once every value has been computed.
void runEval(const std::vector<std::string>& words, std::string& notes, std::FILE* out);
std::string runProperties(const std::vector<std::string>& words);
std::string runApproximation(const std::vector<std::string>& words);
// train and compare, one entry each for every model kind (run_options.h).
std::string runTrain(const std::vector<std::string>& words, std::string& notes);
std::string runCompare(const std::vector<std::string>& words, std::string& notes);
std::string runBench(const std::vector<std::string>& words, std::string& notes);
// export-pytorch [train flags] [--out FILE.py]: the run as a PyTorch script (core/export).
std::string runExportPytorch(const std::vector<std::string>& words);
// lesson list | lesson check FILE...: the built-in lessons; lesson files checked as the app
// loads them (exit 2 naming the file, the scene and the field of each bad one).
std::string runLesson(const std::vector<std::string>& words);
// sonify NAME [--param K=V]... [--range A:B] [--seconds S] [--derivative] --out FILE.wav: the
// curve played as pitch (core/export/sonify.h).
std::string runSonify(const std::vector<std::string>& words);
// The text of `actlab-cli help` (usage.cpp), lines of at most 100 characters.
std::string usageText();

}  // namespace actlab::cli
