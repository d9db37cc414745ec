/*
 * The definition every exercise's cases.c ends with: its struct problem
 * (problem.h), named <id>_problem, the name the registry that meson
 * generates from exercises.txt refers to, with .id the same id. Both are
 * spelled from the one word here, so the name and the id cannot disagree.
 * An exercise whose cases are a table defines it with TABLE_PROBLEM
 * (case_table.h), a slot exercise with SLOT_PROBLEM (slots.h); the others
 * name their members here.
 */
#ifndef HARNESS_PROBLEMS_COMMON_REGISTRATION_H
#define HARNESS_PROBLEMS_COMMON_REGISTRATION_H

#include "../problem.h"

/* Defines the struct problem of `exercise`, its id as a bare word
 * (PROBLEM(grid_sync, ...) defines grid_sync_problem with .id "grid_sync");
 * its other members follow as designated initializers: .make_cases and
 * .locate, and any of .speed, .table, .check_extra and .diagnose. */
#define PROBLEM(exercise, ...)                                                                     \
	const struct problem exercise##_problem = {.id = #exercise, __VA_ARGS__}

#endif
