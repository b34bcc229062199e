// In-process benchmarks (not tests): `swift run -c release PlanetBenchmarks --help`.
//
// Subcommands are one file each (ParseBenchmark.swift, RenderBenchmark.swift); numbers depend on
// the machine and are printed, never asserted.
import Foundation
import PlanetSite

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: PlanetBenchmarks parse [--rounds N] [--json] [--sequential-only] DIR|FILE...
             Reads every .xml/.json file into memory, then times Feed.parse over all of them N times
             (default 3) in one process, and libxml2's xmlReadMemory alone on the same bytes.
             --json also times the JSON contract (`planet parse --json`). Then times the
             concurrent parse (Feed.parseConcurrently) on each document in turn (`planet parse
             FILE`) and on activeProcessorCount documents at once (`planet parse FILES...`).
             --sequential-only stops after the Feed.parse passes (warm-up, all files, XML files:
             3 passes over a folder of XML files), for callgrind.
           PlanetBenchmarks render [--rounds N] [--templates DIR] [--feeds DIR]
             Builds a 60-entry SiteContext from the entries of the feeds in DIR (default: the
             corpus fixtures), compiles the templates folder once, renders index.html N times
             (default 1000) and prints ms per render.
           PlanetBenchmarks hostile [--case NAME --count N]
             Time and peak RSS of parsing generated hostile documents (one element with 25k, 50k,
             100k attributes, in the XML and in an entry's HTML; a feed of 300,000 tiny items),
             each case in a fresh child process; --case runs one case in this process.
    """

switch arguments.first {
case "parse":
    exit(await ParseBenchmark.run(Array(arguments.dropFirst())))
case "hostile":
    exit(await HostileBenchmark.run(Array(arguments.dropFirst())))
case "render":
    exit(RenderBenchmark.run(Array(arguments.dropFirst())))
default:
    print(usage)
    exit(arguments.first == "--help" || arguments.first == "-h" ? 0 : 2)
}
