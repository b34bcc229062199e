// In-process benchmarks (not tests): `swift run -c release PlanetBenchmarks --help`.
print("PlanetBenchmarks: no benchmark yet")
