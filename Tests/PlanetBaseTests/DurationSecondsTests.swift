import PlanetBase
import Testing

/// Durations as the numbers timings and timeouts need.
@Suite("Duration in seconds and milliseconds")
struct DurationSecondsTests {
    @Test func millisecondsDropOrRoundUpTheRest() {
        let duration = Duration.seconds(2) + .microseconds(1_500)
        #expect(duration.inSeconds == 2.0015)
        #expect(duration.inMilliseconds() == 2_001)
        #expect(duration.inMilliseconds(roundingUp: true) == 2_002)
        #expect(Duration.milliseconds(7).inMilliseconds(roundingUp: true) == 7)
        #expect(Duration.zero.inMilliseconds(roundingUp: true) == 0)
    }
}
