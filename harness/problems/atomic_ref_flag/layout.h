/*
 * The parameter layout of atomic_ref_flag: the mailbox layout it shares with
 * message_passing (common/mailbox_layout.h), included by its cases
 * (common/mailbox.c) and its glue.cuh.
 */
#ifndef CJ_LAYOUT_ATOMIC_REF_FLAG_H
#define CJ_LAYOUT_ATOMIC_REF_FLAG_H

#include "../common/mailbox_layout.h"

#endif
