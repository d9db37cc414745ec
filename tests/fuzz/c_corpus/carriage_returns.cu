// a comment ended by a carriage return alone__shared__ int seen[32];
int crlf_line;
// spliced over a CR alone \__shared__ int hidden[32];
const char *s = "ends at a CRint after;
