%:include <stdio.h>
%:define SHARED __shared__
%:%:
__global__ void k(int *p) <% SHARED int t<:32:>; t<:0:> = p<:0:>; %>
std::vector<::std::string> v; int w<::> = {};
