# cmake -P script for CTest in the preset "fuzz": runs one libFuzzer target for SECONDS from the
# committed seeds (SEEDS, folders separated by "|") with a fresh, empty writable corpus (WORK), so that `make test`
# takes the same few seconds every time; a finding fails the test (libFuzzer exits non-zero).
string(REPLACE "|" ";" seeds "${SEEDS}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}" "${FINDINGS}")
set(dict_arg "")
if(DICT)
  set(dict_arg "-dict=${DICT}")
endif()
execute_process(COMMAND "${EXE}" -max_total_time=${SECONDS} -timeout=20 -rss_limit_mb=2560 -print_final_stats=1
                        "-artifact_prefix=${FINDINGS}/${NAME}-" ${dict_arg} "${WORK}" ${seeds}
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "fuzz_${NAME} found a problem (exit ${status}); the input is in ${FINDINGS}")
endif()
