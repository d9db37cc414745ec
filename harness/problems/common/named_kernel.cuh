/*
 * For the shared glues (common/slot_update.cuh, common/mailbox.cuh) whose
 * kernel, extern "C", is named by a macro the exercise's glue.cuh defines:
 * CJ_DECLARE_KERNEL and CJ_KERNEL (harness/runtime/glue.h) paste their
 * first argument into a name, so a macro there would not be expanded; these
 * take the macro, expand it first, and hand on the kernel's own name (and,
 * as the symbol, that name as a string).
 */
#ifndef CJ_COMMON_NAMED_KERNEL_CUH
#define CJ_COMMON_NAMED_KERNEL_CUH

#define CJ_NAME_STRING(cj_name) #cj_name
#define CJ_DECLARE_NAMED_KERNEL(cj_name, cj_params)                                                \
	CJ_DECLARE_KERNEL(cj_name, CJ_NAME_STRING(cj_name), cj_params)
#define CJ_NAMED_KERNEL(cj_name) CJ_KERNEL(cj_name)

#endif
