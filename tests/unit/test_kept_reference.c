/* The reference's median kept for a file judged again (run/kept_reference.c):
 * taken back on the same device while recent, never on another device, when
 * too old, from a clock set back, or when turned off. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "run/kept_reference.h"
#include "util.h"
#include "unit.h"

static const char *uuid = "5bad8059c72ea5351154266dd25aa121";

/* The kept median's file written by hand. */
static void write_kept_text(const char *folder, const char *text)
{
	char *path = xasprintf("%s/median-%s", folder, uuid);
	unit_write_file(path, text);
	free(path);
}

/* `median` measured `ago` seconds ago. */
static void write_kept(const char *folder, double median, double ago)
{
	char line[64];
	snprintf(line, sizeof line, "%.9g %.6f\n", median, (double)time(NULL) - ago);
	write_kept_text(folder, line);
}

static void test_taken_back_on_the_same_device(void)
{
	unsetenv("CUDAJUDGE_REFERENCE_KEPT_S");
	char *dir = unit_temp_dir("cj-kept-ref");
	char *program = xasprintf("%s/test.so", dir);
	double median = 0, age = -1;
	CHECK(!kept_reference_take(program, uuid, &median, &age)); /* none yet */
	kept_reference_save(program, uuid, 1.11683154);
	CHECK(kept_reference_take(program, uuid, &median, &age));
	CHECK(median == 1.11683154);
	CHECK(age >= 0 && age < 5);
	CHECK(!kept_reference_take(program, "0123456789abcdef0123456789abcdef", &median, &age));
	/* a run without a median keeps nothing: the last one stays */
	kept_reference_save(program, uuid, -1);
	CHECK(kept_reference_take(program, uuid, &median, &age) && median == 1.11683154);
	remove_tree(dir);
	free(program);
	free(dir);
}

static void test_age_limit(void)
{
	char *dir = unit_temp_dir("cj-kept-ref");
	char *program = xasprintf("%s/test.so", dir);
	double median = 0, age = -1;
	unsetenv("CUDAJUDGE_REFERENCE_KEPT_S");
	CHECK(kept_reference_max_age() == 300);
	write_kept(dir, 2.5, 290);
	CHECK(kept_reference_take(program, uuid, &median, &age) && median == 2.5);
	CHECK(age >= 289 && age < 300);
	write_kept(dir, 2.5, 400); /* too old */
	CHECK(!kept_reference_take(program, uuid, &median, &age));
	setenv("CUDAJUDGE_REFERENCE_KEPT_S", "1000", 1);
	CHECK(kept_reference_take(program, uuid, &median, &age));
	setenv("CUDAJUDGE_REFERENCE_KEPT_S", "0", 1); /* never */
	write_kept(dir, 2.5, 1);
	CHECK(!kept_reference_take(program, uuid, &median, &age));
	setenv("CUDAJUDGE_REFERENCE_KEPT_S", "soon", 1);
	CHECK(kept_reference_max_age() == 0);
	unsetenv("CUDAJUDGE_REFERENCE_KEPT_S");
	write_kept(dir, 2.5, -60); /* measured "later": the clock was set back */
	CHECK(!kept_reference_take(program, uuid, &median, &age));
	write_kept(dir, 0, 1); /* no median */
	CHECK(!kept_reference_take(program, uuid, &median, &age));
	write_kept_text(dir, "half a line");
	CHECK(!kept_reference_take(program, uuid, &median, &age));
	remove_tree(dir);
	free(program);
	free(dir);
}

static void test_no_device_name_no_kept_median(void)
{
	unsetenv("CUDAJUDGE_REFERENCE_KEPT_S");
	char *dir = unit_temp_dir("cj-kept-ref");
	char *program = xasprintf("%s/test.so", dir);
	double median = 0, age = -1;
	kept_reference_save(program, "", 1.0);
	CHECK(!kept_reference_take(program, "", &median, &age));
	kept_reference_save(program, "../x", 1.0); /* never a path outside the folder */
	char *outside = xasprintf("%s/../x", dir);
	CHECK(access(outside, F_OK) != 0);
	free(outside);
	remove_tree(dir);
	free(program);
	free(dir);
}

static const struct unit_test tests[] = {
        {"taken back on the same device only", test_taken_back_on_the_same_device},
        {"taken only while recent, and never when turned off", test_age_limit},
        {"nothing kept without a device's name", test_no_device_name_no_kept_median},
        {0},
};

UNIT_MAIN(tests)
