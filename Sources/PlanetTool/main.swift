import Foundation
import PlanetCLI

exit(await PlanetCommand.main(CommandLine.arguments))
