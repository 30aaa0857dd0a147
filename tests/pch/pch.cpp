// The translation unit that makes the tests' precompiled headers (tests/CMakeLists.txt): the
// suites reuse them; it defines nothing.
