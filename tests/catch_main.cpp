// Catch2 v2's main, alone in its translation unit (slow to compile; built once).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
