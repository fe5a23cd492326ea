import Foundation
import Testing

@testable import StrideCore

/// Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Capture grammar")
struct CaptureParserTests {
  let parser = CaptureParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  @Test("tokens set their fields and leave the title; each field remembers the words it came from")
  func tokens() throws {
    let text = "call the dentist about the crown tomorrow 9am ~10m !low #health"
    let parsed = parser.parse(text)
    #expect(parsed.title == "call the dentist about the crown")
    #expect(parsed.estimateMinutes == 10)
    #expect(parsed.energy == .low)
    #expect(parsed.tags == ["health"])
    #expect(parsed.due == Fixtures.at("2026-11-22T09:00:00Z"))
    #expect(parsed.spans.map(\.field) == ["due", "estimate", "energy", "tags"])
    let due = try #require(parsed.spans.first)
    #expect(due.text == "tomorrow 9am")
    #expect(String(Array(text)[due.start..<due.end]) == "tomorrow 9am")
  }

  @Test("key:value tokens, as Taskwarrior users write them")
  func keyValues() {
    let parsed = parser.parse(
      "renew passport due:fri start:monday energy:high est:1h30m type:obligation tag:travel,admin")
    #expect(parsed.title == "renew passport")
    #expect(parsed.due == Fixtures.at("2026-11-27T23:59:59Z"))
    #expect(parsed.start == Fixtures.at("2026-11-23T00:00:00Z"))
    #expect(parsed.energy == .high)
    #expect(parsed.estimateMinutes == 90)
    #expect(parsed.type == .obligation)
    #expect(parsed.tags == ["travel", "admin"])
  }

  @Test("a key:value time may run over a few words")
  func multiWordValue() {
    let parsed = parser.parse("call the landlord due:tomorrow 5pm ~10m")
    #expect(parsed.title == "call the landlord")
    #expect(parsed.due == Fixtures.at("2026-11-22T17:00:00Z"))
    #expect(parsed.spans.first?.text == "due:tomorrow 5pm")
  }

  @Test("tokens that do not read stay in the title, and quoted text is never read")
  func notTokens() {
    #expect(parser.parse("fix !huge bug note:later").title == "fix !huge bug note:later")
    #expect(parser.parse("watch \"Tomorrow Never Dies\" #films").title == "watch \"Tomorrow Never Dies\"")
    #expect(parser.parse("watch \"Tomorrow Never Dies\"").due == nil)
    #expect(parser.parse("meet at 10:30 on the dot").title == "meet on the dot")
    #expect(parser.parse("read https://example.com/2026-12-01 ~5m").title == "read https://example.com/2026-12-01")
  }

  @Test("by and due set the due time; after and from set the start; a bare phrase is due")
  func dueAndStart() {
    let rent = parser.parse("pay rent by friday")
    #expect(rent.title == "pay rent")
    #expect(rent.due == Fixtures.at("2026-11-27T23:59:59Z"))
    let gym = parser.parse("gym after 6pm")
    #expect(gym.title == "gym")
    #expect(gym.start == Fixtures.at("2026-11-21T18:00:00Z"))
    #expect(gym.due == nil)
    let invoice = parser.parse("send invoice from monday due fri")
    #expect(invoice.title == "send invoice")
    #expect(invoice.start == Fixtures.at("2026-11-23T00:00:00Z"))
    #expect(invoice.due == Fixtures.at("2026-11-27T23:59:59Z"))
    let twice = parser.parse("move the call from monday to friday")
    #expect(twice.start == Fixtures.at("2026-11-23T00:00:00Z"))
  }

  @Test(
    "steps: a colon list, semicolons, then, lines, and what must come first",
    arguments: [
      ("clean the kitchen: dishes, counters, floor", "clean the kitchen", ["dishes", "counters", "floor"]),
      ("call the bank; pay the bill", "call the bank; pay the bill", ["call the bank", "pay the bill"]),
      ("call the bank then pay the bill", "call the bank then pay the bill", ["call the bank", "pay the bill"]),
      ("file taxes, need to find the receipts first", "file taxes", ["find the receipts", "file taxes"]),
      ("paint the fence. before that, buy paint", "paint the fence", ["buy paint", "paint the fence"]),
      ("pack for the trip\n- passport\n* charger\n3. snacks", "pack for the trip", ["passport", "charger", "snacks"]),
      ("- wash\n- dry\n- fold", "wash", ["wash", "dry", "fold"]),
      ("Note: buy milk", "Note: buy milk", []),
      ("plan the party: guests, food by friday", "plan the party", ["guests", "food"]),
    ])
  func steps(_ text: String, _ title: String, _ steps: [String]) {
    let parsed = parser.parse(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.steps == steps, "\(text)")
  }

  @Test("a capture of ordinary words keeps every word")
  func ordinaryWords() {
    for text in ["march on", "monitor blood pressure", "I may be late", "enjoy the sun", "13th floor - remark"] {
      let parsed = parser.parse(text)
      #expect(parsed.title == text)
      #expect(parsed.due == nil && parsed.start == nil, "\(text)")
    }
  }

  @Test("the draft for the daemon refuses a line that is only tokens")
  func onlyTokens() {
    #expect(throws: StrideError.self) {
      try Capture.draft(from: "~10m !low #home", at: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    }
  }
}

@Suite("Breakdown command")
struct BreakdownTests {
  func script(_ body: String) throws -> String {
    let path = Fixtures.temporaryDirectory() + "/steps.sh"
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
  }

  /// The script runs through /bin/sh: executing a file just written races with other tests' forks (ETXTBSY).
  func breakdown(_ path: String, timeout: Double = 3) -> Breakdown {
    Breakdown(
      config: StrideConfig(capture: .init(breakdownCommand: ["/bin/sh", path], breakdownTimeoutSeconds: timeout)))!
  }

  let draft = TaskDraft(title: "plan the trip", rawInput: "plan the trip", steps: ["built in"])

  @Test("the program's steps replace the built-in ones, and it sees the raw text")
  func replaces() throws {
    let path = try script(
      #"input=$(cat); case "$input" in *'"text":"plan the trip"'*) echo '{"steps":["book train","pack"]}';; *) echo '{"steps":["wrong input"]}';; esac"#
    )
    #expect(breakdown(path).apply(to: draft).steps == ["book train", "pack"])
  }

  @Test(
    "on any failure the built-in steps stand",
    arguments: [
      "exit 3", "echo 'not json'", "echo '{\"steps\":[]}'", "echo '{\"steps\":[\"  \"]}'", "sleep 5; echo '[\"late\"]'",
    ])
  func fallsBack(_ body: String) throws {
    let path = try script(body)
    let started = Date()
    #expect(breakdown(path, timeout: 0.5).apply(to: draft).steps == ["built in"])
    #expect(Date().timeIntervalSince(started) < 4, "a slow program is stopped at its timeout")
  }

  @Test("a program that is not there is a failure like any other")
  func missing() {
    let missing = Breakdown(config: StrideConfig(capture: .init(breakdownCommand: ["/nonexistent/steps"])))!
    #expect(missing.apply(to: draft).steps == ["built in"])
  }

  @Test("config.json: absent means defaults; a string or an array names the program; bad JSON names the file")
  func config() throws {
    let directory = Fixtures.temporaryDirectory()
    #expect(try StrideConfig.load(path: directory + "/none.json") == StrideConfig())
    try #"{"capture":{"breakdownCommand":"/bin/steps"}}"#.write(
      toFile: directory + "/a.json", atomically: true, encoding: .utf8)
    #expect(try StrideConfig.load(path: directory + "/a.json").capture.breakdownCommand == ["/bin/steps"])
    try "{ not json".write(toFile: directory + "/b.json", atomically: true, encoding: .utf8)
    #expect {
      try StrideConfig.load(path: directory + "/b.json")
    } throws: { error in
      (error as? StrideError)?.message.contains(directory + "/b.json") == true
    }
  }
}
