import Foundation
import StrideBase
import StridePlatform
import StrideTestSupport
import Testing

@testable import StrideCore

/// `System` stands in for FileManager and ProcessInfo in the layers `stride` will link: each answer is checked
/// against Foundation's where they should agree.
@Suite("System, through Glibc")
struct SystemTests {
  @Test("directory entries, made directories, links and the environment agree with Foundation")
  func agreesWithFoundation() throws {
    let root = Fixtures.temporaryDirectory()
    let names = (0..<300).map { "entry-\($0)-" + String(repeating: "x", count: $0 % 40) }
    for name in names { #expect(FileManager.default.createFile(atPath: root + "/" + name, contents: nil)) }
    #expect(Set(System.entries(of: root)) == Set(names))
    #expect(System.entries(of: root + "/missing").isEmpty)

    let previous = umask(0o277)
    defer { umask(previous) }
    try System.makeDirectories(root + "/a/b/c")
    let mode = try FileManager.default.attributesOfItem(atPath: root + "/a/b")[.posixPermissions] as? Int
    #expect(mode == 0o700, "a parent is made with exactly 0700, whatever the umask")
    try System.makeDirectories(root + "/a/b/c")  // what exists already is fine
    #expect(throws: System.Failure.self, "a file in the way is a reason") {
      try System.makeDirectories(root + "/" + names[0] + "/d")
    }

    #expect(
      System.linkTarget("/proc/self/exe")
        == (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")))
    #expect(System.linkTarget(root) == nil)
    #expect(System.parent(of: "/usr/bin/stride") == "/usr/bin")
    #expect(System.parent(of: "/stride") == "/")
    #expect(System.parent(of: "stride") == ".")
    for path in ["/usr/bin/../share/man", "/a//b/./c/", "/..", "/a/b/../../..", "relative/../x", ".", "/"] {
      #expect(System.normalized(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path)")
    }
    #expect(System.isExecutableFile("/bin/sh"))
    #expect(!System.isExecutableFile("/bin"))
    #expect(!System.isExecutableFile(root + "/" + names[0]))
    #expect(System.environment == ProcessInfo.processInfo.environment)
    #expect(System.currentDirectory == FileManager.default.currentDirectoryPath)
  }
}

extension SystemTests {
  @Test("the time zone's name, from TZ in each of its forms or from where /etc/localtime links")
  func timeZoneName() {
    #expect(System.timeZoneName(environment: ["TZ": "Europe/Berlin"]) == "Europe/Berlin")
    #expect(System.timeZoneName(environment: ["TZ": ":America/New_York"]) == "America/New_York")
    #expect(System.timeZoneName(environment: ["TZ": "/usr/share/zoneinfo/Asia/Tokyo"]) == "Asia/Tokyo")
    #expect(System.timeZoneName(environment: ["TZ": ":/usr/share/zoneinfo/posix/Europe/Paris"]) == "Europe/Paris")
    #expect(System.timeZoneName(environment: ["TZ": ""]) == "UTC")
    #expect(System.timeZoneName(environment: ["TZ": "/home/ada/my-zone"]) == nil)
    // Without TZ, where the localtime link points (a link of the test's own, so no machine's setting counts).
    let link = Fixtures.temporaryDirectory() + "/localtime"
    #expect(symlink("/usr/share/zoneinfo/posix/Europe/Berlin", link) == 0)
    #expect(System.timeZoneName(environment: [:], localtime: link) == "Europe/Berlin")
    #expect(System.timeZoneName(environment: [:], localtime: link + "-missing") == nil)
    // And on this machine, when its /etc/localtime is such a link: the zone Foundation finds too.
    if ProcessInfo.processInfo.environment["TZ"] == nil, let target = System.linkTarget("/etc/localtime"),
      target.contains("zoneinfo/")
    {
      let system = System.timeZoneName(environment: [:])
      #expect(system.flatMap { TimeZone(identifier: $0)?.secondsFromGMT() } == TimeZone.current.secondsFromGMT())
    }
  }

  @Test("a file is read whole and replaced at once, keeping its mode; a path that cannot be read says why")
  func files() throws {
    let root = Fixtures.temporaryDirectory()
    let path = root + "/tasks.ics"
    let text = String(repeating: "BEGIN:VTODO\r\nSUMMARY:ünïcode ✓\r\nEND:VTODO\r\n", count: 5_000)
    try System.replaceFile(path, with: text.utf8)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    #expect(try System.contents(of: path) == Array(text.utf8))
    chmod(path, 0o600)
    try System.replaceFile(path, with: "short\n".utf8)
    #expect(try System.contents(of: path) == Array("short\n".utf8))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600, "a replaced file keeps its mode")
    #expect(System.entries(of: root) == ["tasks.ics"], "nothing is left beside it")

    #expect(throws: System.Failure.self) { try System.contents(of: root + "/missing") }
    do {
      _ = try System.contents(of: root)
      Issue.record("a directory is not a file")
    } catch {
      #expect("\(error)" == "Is a directory")
    }
    #expect(throws: System.Failure.self) { try System.replaceFile(root + "/no/such/dir/file", with: [1]) }
  }

  @Test("a program fed lines reads them all, its exit status comes back, and one that stops reading early is no error")
  func feed() throws {
    let root = Fixtures.temporaryDirectory()
    let lines = (1...20_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
    #expect(ExternalCommand.feed(Array(lines.utf8), to: ["/bin/sh", "-c", "cat > \(root)/paged"]) == 0)
    #expect(try String(contentsOfFile: root + "/paged", encoding: .utf8) == lines)
    #expect(ExternalCommand.feed(Array(lines.utf8), to: ["/bin/sh", "-c", "head -n 1 > /dev/null"]) == 0)
    #expect(ExternalCommand.feed([], to: ["/bin/sh", "-c", "no-such-pager-here 2>/dev/null"]) == 127)
    #expect(ExternalCommand.feed([], to: ["/no/such/program"]) == nil)
  }

  @Test("a started thread runs its work")
  func thread() {
    let done = Locked(false)
    let semaphore = DispatchSemaphore(value: 0)
    System.startThread {
      done.withLock { $0 = true }
      semaphore.signal()
    }
    #expect(semaphore.wait(timeout: .now() + 10) == .success)
    #expect(done.withLock { $0 })
  }

  @Test("numbers are written as printf writes them: fixed places, a sign, padding, hexadecimal")
  func numbers() {
    // printf's, but with no minus before a zero (which we never write).
    func printf(_ format: String, _ value: Double) -> String {
      let text = String(format: format, value)
      guard text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) else { return text }
      return (format.contains("+") ? "+" : "") + text.dropFirst()
    }
    var generator = SystemRandomNumberGenerator()
    // Three places, as the engine rounds its figures (so halfway cases come up often), then any double at all.
    let figures = (0..<20_000).map { _ in Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1000 }
    let anything = (0..<20_000).map { _ in
      Double(sign: .plus, exponent: Int.random(in: -30...60, using: &generator), significand: 1)
        * Double.random(in: -2...2, using: &generator)
    }
    let ties = [0.125, 1.25, 0.5, 1.5, 2.5, -0.5, 0.995, 5.555, 1.115, 0.005, 2.675, 1e20 / 1e5, 9.999]
    for value in figures + anything + ties {
      #expect(value.fixed(2) == printf("%.2f", value), "\(value)")
      #expect(value.fixed(1) == printf("%.1f", value), "\(value)")
      #expect(value.fixed(2, sign: true) == printf("%+.2f", value), "\(value)")
      #expect(value.fixed(0) == printf("%.0f", value), "\(value)")
    }
    #expect((-0.001).fixed(2) == "0.00", "no minus before a zero")
    #expect(0.125.fixed(2) == "0.12" && 0.995.fixed(2) == "0.99", "ties and near-ties as the binary value has them")
    #expect(7.padded(3) == "  7" && 1234.padded(3) == "1234" && 7.padded(2, with: "0") == "07")
    #expect((-7).padded(3, with: "0") == "-07")
    #expect(
      UInt32(0x2014).padded(4, with: "0", radix: 16) == "2014" && UInt32(0xE9).padded(4, with: "0", radix: 16) == "00E9"
    )
  }

  @Test("counts are grouped by thousands as the person's locale writes them")
  func thousands() {
    let english = ThousandsSeparator.fromEnvironment(["LANG": "en_GB.UTF-8"])
    #expect(
      2098.grouped(english) == "2,098" && 999.grouped(english) == "999" && 1_234_567.grouped(english) == "1,234,567")
    #expect((-2098).grouped(english) == "-2,098")
    #expect(2098.grouped(.fromEnvironment([:])) == "2,098", "no locale: as English writes it")
    #expect(2098.grouped(.fromEnvironment(["LANG": "de_DE.UTF-8"])) == "2.098")
    #expect(2098.grouped(.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_NUMERIC": "en_US.UTF-8"])) == "2,098")
    #expect(2098.grouped(.fromEnvironment(["LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"])) == "2\u{A0}098")
    #expect(2098.grouped(.fromEnvironment(["LANG": "pl_PL.UTF-8"])) == "2098", "Polish groups from five digits")
    #expect(12098.grouped(.fromEnvironment(["LANG": "pl_PL.UTF-8"])) == "12\u{A0}098")
    #expect(2098.grouped(.fromEnvironment(["LANG": "de_CH.UTF-8"])) == "2’098")
    #expect(2098.grouped(.fromEnvironment(["LANG": "C"])) == "2,098")
  }
}
