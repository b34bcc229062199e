import Foundation
import PlanetCLI

AllocatorTuning.apply(environment: ProcessInfo.processInfo.environment)
exit(await PlanetCommand.main(CommandLine.arguments))
