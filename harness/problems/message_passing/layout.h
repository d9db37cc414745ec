/*
 * The parameter layout of message_passing: the mailbox layout it shares with
 * atomic_ref_flag (common/mailbox_layout.h), included by its cases
 * (common/mailbox.c) and its glue.cuh.
 */
#ifndef CJ_LAYOUT_MESSAGE_PASSING_H
#define CJ_LAYOUT_MESSAGE_PASSING_H

#include "../common/mailbox_layout.h"

#endif
