import Foundation
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
    #expect(System.makeDirectories(root + "/a/b/c") == nil)
    let mode = try FileManager.default.attributesOfItem(atPath: root + "/a/b")[.posixPermissions] as? Int
    #expect(mode == 0o700, "a parent is made with exactly 0700, whatever the umask")
    #expect(System.makeDirectories(root + "/a/b/c") == nil, "what exists already is fine")
    #expect(System.makeDirectories(root + "/" + names[0] + "/d") != nil, "a file in the way is a reason")

    #expect(
      System.linkTarget("/proc/self/exe")
        == (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")))
    #expect(System.linkTarget(root) == nil)
    #expect(System.parent(of: "/usr/bin/stride") == "/usr/bin")
    #expect(System.parent(of: "/stride") == "/")
    #expect(System.parent(of: "stride") == ".")
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
    // Without TZ, the system's zone: the one Foundation finds too.
    let system = System.timeZoneName(environment: [:])
    #expect(system.flatMap { TimeZone(identifier: $0) } != nil)
    if ProcessInfo.processInfo.environment["TZ"] == nil {
      #expect(system.flatMap { TimeZone(identifier: $0)?.secondsFromGMT() } == TimeZone.current.secondsFromGMT())
    }
  }
}
