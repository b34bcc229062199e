import PlanetCLI
