import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel

/// config.json's `time.dayStart`, read by the daemon's settings.
@Suite("The start of the person's day in config.json")
struct DayStartConfigTests {
  @Test("config.json: time.dayStart sets the start of the day; a value that is no time names the file")
  func config() throws {
    let directory = Fixtures.temporaryDirectory()
    #expect(try StrideConfig.load(path: directory + "/none.json").time.dayStart == ClockTime(hour: 9)!)
    try #"{"time":{"dayStart":"07:30"}}"#.write(toFile: directory + "/a.json", atomically: true, encoding: .utf8)
    #expect(try StrideConfig.load(path: directory + "/a.json").time.dayStart == ClockTime(hour: 7, minute: 30)!)
    for bad in ["25:00", "7am", "", "7:5x"] {
      try #"{"time":{"dayStart":"\#(bad)"}}"#.write(toFile: directory + "/b.json", atomically: true, encoding: .utf8)
      #expect(throws: StrideError.self, "\(bad)") { try StrideConfig.load(path: directory + "/b.json") }
    }
  }
}
