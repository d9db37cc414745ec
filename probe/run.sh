set -x
cd probe && nvcc -O2 -o probe probe.cu && (time ./probe) && (time ./probe)
cd ..
which nsys ncu
export PKG_CONFIG_PATH=$PWD/.devkit/libyaml/lib/pkgconfig
export PATH=/usr/local/cuda/bin:$PATH
t=$(date +%s); python3 judge.py list >/dev/null 2>&1; echo build $(( $(date +%s) - t )) s
python3 bench/latency.py --backend gpu --runs 2 --ids histogram,warp_scan,global_softmax,transpose,cg_reduce 2>&1 | tail -30
