k<<<grid, block, 0, stream>>>(a, n);
ns::kern<float, 4><<<blocks(n, f(2)), 256>>>(p);
std::vector<std::vector<std::vector<int>>> v;
int y = x <<<broken
