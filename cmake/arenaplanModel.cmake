# arenaplanModel.cmake - arenaplan_add_model(), which find_package(arenaplan) provides: a model
# planned at build time by the installed CLI, as firmware source added to a target.
#
#   arenaplan_add_model(<target> MODEL <file> [NAME <name>] [TARGET cortex-m|host64]
#                       [KERNELS reference|cmsis-nn] [STRATEGY <strategy>] [BUDGET <bytes>])
#
# At build time, `arenaplan embed <file> --format c` writes <name>_model.c (the model with its
# plan embedded, a 16-aligned array) and <name>_model.h (NAME_ARENA_SIZE, NAME_OP_COUNT,
# NAME_ADD_OPS(resolver), ...; NAME is <name> in capitals) into
# ${CMAKE_CURRENT_BINARY_DIR}/arenaplan/<target>, adds the source to <target> and that folder to
# its include path. It runs again when the model, the options or arenaplan itself change. With
# BUDGET (bytes, or with K or M: 1024-based), the build fails with arenaplan's message when TFLM's
# whole arena (kTensorArenaSize) exceeds it. <name> defaults to the model's file name as a C
# identifier; the source is C when the project enables C, else C++ (<name>_model.cc).
include_guard(GLOBAL)

function(arenaplan_add_model target)
  cmake_parse_arguments(PARSE_ARGV 1 AP "" "MODEL;NAME;TARGET;KERNELS;STRATEGY;BUDGET" "")
  if(AP_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "arenaplan_add_model: unknown arguments: ${AP_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "arenaplan_add_model: ${target} is not a target")
  endif()
  if(NOT AP_MODEL)
    message(FATAL_ERROR "arenaplan_add_model(${target}): MODEL <file> is required")
  endif()
  get_filename_component(model "${AP_MODEL}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${model}")
    message(FATAL_ERROR "arenaplan_add_model(${target}): MODEL ${model} does not exist")
  endif()
  if(AP_NAME)
    set(name "${AP_NAME}")
  else()
    get_filename_component(name "${model}" NAME_WE)
    string(MAKE_C_IDENTIFIER "${name}" name)
    string(TOLOWER "${name}" name)
  endif()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("C" IN_LIST languages)
    set(ext c)
  else()
    set(ext cc)
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/arenaplan/${target}")
  set(source "${dir}/${name}_model.${ext}")
  set(header "${dir}/${name}_model.h")
  set(args embed "${model}" --format c -o "${source}" --name "${name}" --quiet)
  foreach(option TARGET KERNELS STRATEGY BUDGET)
    if(NOT "${AP_${option}}" STREQUAL "")
      string(TOLOWER "${option}" flag)
      list(APPEND args "--${flag}" "${AP_${option}}")
    endif()
  endforeach()
  # the options as a file that changes only when they do, so that a new option re-runs the
  # command whatever the generator
  file(MAKE_DIRECTORY "${dir}")
  file(CONFIGURE OUTPUT "${dir}/${name}_model.options" CONTENT "${args}\n")
  add_custom_command(OUTPUT "${source}" "${header}"
    COMMAND "$<TARGET_FILE:arenaplan::cli>" ${args}
    DEPENDS "${model}" "${dir}/${name}_model.options" "$<TARGET_FILE:arenaplan::cli>"
    COMMENT "arenaplan: ${name} for ${target} (kTensorArenaSize, operators, the model as C)"
    VERBATIM)
  target_sources(${target} PRIVATE "${source}" "${header}")
  target_include_directories(${target} PRIVATE "${dir}")
endfunction()
