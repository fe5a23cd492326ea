// swift-tools-version:6.0
import PackageDescription

/// Metadata of a concrete generic type (`[String: String]`, a decoding container) reached through its accessor, not
/// looked up by its mangled name: the lookup checks each generic requirement by scanning every conformance in the
/// program, which was a quarter of a short command's instructions (Docs/benchmarks.md). For every target `stride`
/// links.
let directMetadata = ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]

/// The client's own targets: checked imports, and built for size in release (stride's size and start are issue 28's
/// targets; what they run is one reply's worth of work).
let clientSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .unsafeFlags(["-Osize"] + directMetadata, .when(configuration: .release)),
]

let package = Package(
  name: "Stride",
  products: [
    .executable(name: "stride", targets: ["stride"]),
    .executable(name: "strided", targets: ["strided"]),
    .executable(name: "stride-bench", targets: ["stride-bench"]),
    .executable(name: "stride-month", targets: ["stride-month"]),
    .executable(name: "stride-floor", targets: ["stride-floor"]),
    .executable(name: "stride-floor-sync", targets: ["stride-floor-sync"]),
    .library(name: "StrideModel", targets: ["StrideModel"]),
    .library(name: "StrideProtocol", targets: ["StrideProtocol"]),
    .library(name: "StrideTransport", targets: ["StrideTransport"]),
    .library(name: "StrideCalendar", targets: ["StrideCalendar"]),
    .library(name: "StrideStore", targets: ["StrideStore"]),
    .library(name: "StrideInterop", targets: ["StrideInterop"]),
    .library(name: "StrideCore", targets: ["StrideCore"]),
    // For the fuzz targets in Fuzz/, which read what a CalDAV server and the session bus send.
    .library(name: "StrideCalDAV", targets: ["StrideCalDAV"]),
    .library(name: "StrideDBus", targets: ["StrideDBus"]),
    // And for the one that reads what an assistant sends `stride mcp`.
    .library(name: "StrideMCP", targets: ["StrideMCP"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // What every layer shares, the client included: task ids, the vocabulary (energy, defer reasons, statuses),
    // the error a person reads, counting words, a lock. The standard library and Glibc only, so `stride` can be thin.
    .target(name: "StrideBase", swiftSettings: [.unsafeFlags(directMetadata, .when(configuration: .release))]),
    // The model: tasks and their rules, capture (a line of text into a task) and the context engine. Pure: no
    // storage, no wire, no clock; its one use of threads is the engine's parallel map (SideBySide), which runs a long
    // list's passes in parts on the system's shared threads. The layers above import it, and it imports none of them.
    .target(name: "StrideModel", dependencies: ["StrideBase"]),
    // JSON without Foundation: a strict reader, a writer byte for byte like JSONEncoder's, and Codable over them.
    // Every message passes through it, so it is optimised in debug builds too (as Foundation's encoder, which it
    // replaced, always is): unoptimised, it made the debug daemon five times slower at long replies.
    .target(
      name: "StrideJSON",
      swiftSettings: [
        .unsafeFlags(["-O"], .when(configuration: .debug)),
        .unsafeFlags(directMetadata, .when(configuration: .release)),
      ]),
    // The wire as a client sees it: a method's name and shapes (`WireMethod`), the envelope, every method's params,
    // and the replies in `Wire`'s own types (Wire.Task…), which the parity tests decode every documented reply with.
    // No Foundation, so `stride` links it.
    .target(
      name: "StrideWire", dependencies: ["StrideBase", "StrideJSON"],
      swiftSettings: clientSettings),
    // Bytes over Unix sockets: framing lines, binding, connecting, waking a polling thread. Knows nothing of tasks.
    .target(
      name: "StrideTransport", dependencies: ["StrideBase"],
      swiftSettings: [.unsafeFlags(directMetadata, .when(configuration: .release))]),
    // The wire: JSON-RPC's envelope, one type per method with its params and result, and the values they carry,
    // read and written by StrideJSON. Pure values, no I/O.
    .target(name: "StrideProtocol", dependencies: ["StrideModel", "StrideJSON", "StrideWire"]),
    // iCalendar's VTODO, read and written the one way Stride maps it (for sync, import and export alike), and the
    // fields sync compares. Pure values, no I/O.
    .target(name: "StrideCalendar", dependencies: ["StrideBase", "StrideModel"]),
    // Import and export: a file of another tool's (Taskwarrior, todo.txt, iCalendar) or Stride's own read into tasks,
    // with what was left out and why, and tasks written in each format, with what the format cannot keep. Pure: text
    // in, values out; the daemon reads and stores the tasks (`Tasks+Interop`).
    .target(name: "StrideInterop", dependencies: ["StrideModel", "StrideProtocol", "StrideCalendar"]),
    // Persistence: SQLite, the schema, task rows, the history undo reads, what sync keeps per item. It writes what
    // the model decides and decides nothing across tasks itself. It hands out values of its own; it is on the
    // protocol and the wire only because a history row keeps its tasks in `Wire.Task`'s JSON shape (History.swift).
    .target(
      name: "StrideStore", dependencies: ["CSQLite", "StrideJSON", "StrideModel", "StrideProtocol", "StrideCalendar"]),
    // The operating system, through Glibc: paths, the instance lock, starting programs, exit statuses, systemd's
    // unit files, a process's terminal session. No Foundation, for the same reason as StrideBase.
    .target(
      name: "StridePlatform", dependencies: ["StrideBase"],
      swiftSettings: [.unsafeFlags(directMetadata, .when(configuration: .release))]),
    // The session bus: D-Bus's wire format, a connection (the handshake, calls, signals) and the desktop's
    // notification service, for reminders. Knows nothing of tasks.
    .target(name: "StrideDBus", dependencies: ["StrideBase", "StrideTransport"]),
    // Stride's manual pages in man(7) roff: the pages there are, roff written a request at a time and escaped, help
    // texts read for their parts, the pieces more than one page uses, and putting the pages where man(1) finds them.
    // The client writes stride(1) with it and the daemon its own two pages, so neither imports the other's side.
    // No Foundation.
    .target(
      name: "StrideManual", dependencies: ["StrideBase", "StrideWire", "StridePlatform"],
      swiftSettings: clientSettings),
    // A connection to the daemon: the socket, the greeting, calls and their replies, notifications and events; and
    // starting the daemon in the background until it answers, for `stride` on demand and for `strided --detach`,
    // which is why it is not in the client kit. Standard library and Glibc only.
    .target(
      name: "StrideConnection",
      dependencies: ["StrideBase", "StrideJSON", "StrideWire", "StrideTransport", "StridePlatform"],
      swiftSettings: clientSettings),
    // The command line's own: the command table, the help, stride(1) and the prompt file `stride prompt` reads.
    // Standard library and Glibc only.
    .target(
      name: "StrideClientKit",
      dependencies: ["StrideBase", "StrideWire", "StridePlatform", "StrideManual"],
      swiftSettings: clientSettings),
    // The Now view: its state machine (keys and answers in, calls out), its screen and sentences, and the width a
    // character takes on a terminal. Reads the daemon's replies in StrideWire's types; no Foundation.
    .target(
      name: "StrideNowView", dependencies: ["StrideBase", "StrideWire"],
      swiftSettings: clientSettings),
    // `stride mcp`: the Model Context Protocol over stdio, each tool a command of the one table. No Foundation.
    .target(
      name: "StrideMCP", dependencies: ["StrideBase", "StrideJSON", "StrideWire", "StrideClientKit"],
      swiftSettings: clientSettings),
    // The daemon's application and services: `Tasks`, the one owner of task state, and its use cases (Application);
    // sync without the network, reaching tasks through `Tasks` (Sync); the dispatcher, the server, events, reminders
    // and wake-ups (Daemon); the daemon's settings from config.json (Settings), its life as a process (signals, the
    // log, systemd's activation and readiness: Process) and its two manual pages (ManualPages).
    .target(
      name: "StrideCore",
      dependencies: [
        "StrideModel", "StrideProtocol", "StrideTransport", "StridePlatform", "StrideCalendar", "StrideStore",
        "StrideInterop", "StrideDBus", "StrideManual",
      ]),
    // The CalDAV client (FoundationNetworking): linked by the daemon only, so `stride` starts without it.
    .target(
      name: "StrideCalDAV", dependencies: ["StrideModel", "StrideProtocol", "StrideCalendar", "StrideCore"],
      // A static build asks for -lcurl; Linking/ holds the name, pointing at the libcurl runtime (Linking/README.md).
      linkerSettings: [.unsafeFlags(["-L\(Context.packageDirectory)/Linking"], .when(platforms: [.linux]))]),
    .executableTarget(
      name: "strided",
      dependencies: ["StrideBase", "StrideModel", "StrideProtocol", "StrideCore", "StrideCalDAV", "StrideConnection"]),
    // The CLI: every command of the table, from its typed options to the lines it prints, the Now view's terminal
    // loop and `stride mcp`'s session. The program `stride` is its main.swift; tests run the commands' parts
    // in-process. No Foundation.
    .target(
      name: "StrideCLI",
      dependencies: [
        "StrideBase", "StrideJSON", "StrideWire", "StrideTransport", "StridePlatform", "StrideManual",
        "StrideConnection", "StrideClientKit", "StrideNowView", "StrideMCP",
      ],
      swiftSettings: clientSettings),
    .executableTarget(
      name: "stride",
      dependencies: ["StrideCLI", "StridePlatform"],
      swiftSettings: clientSettings,
      // One static program, the C library included: nothing for the dynamic loader to load or relocate at each
      // start (the C, C++ and maths libraries: 1,800 relocations), and no module's symbols exported (the driver
      // exports them all from an executable on Linux: 4,800 names for the runtime's dladdr to walk).
      // `stride help` went from 2.5 M instructions to 0.37 M, below a one-line Swift program linked the usual way
      // (Docs/benchmarks.md). The client calls nothing of the C library that loads code at run time (no user or
      // host lookups, no locales, no iconv), which is what a static C library cannot do.
      linkerSettings: [
        .unsafeFlags(["-static-executable", "-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))
      ]),
    // A program that prints one line: the floor of a command's start-up in `stride-bench --check`.
    .executableTarget(name: "stride-floor"),
    // The same, first making 4 KiB durable: the floor of `stride add` and `stride done`.
    .executableTarget(name: "stride-floor-sync"),
    .executableTarget(
      name: "stride-bench",
      dependencies: [
        "StrideModel", "StrideProtocol", "StrideTransport", "StridePlatform", "StrideStore", "StrideCore",
        "StrideConnection", "StrideClientKit",
      ]),
    // A seeded person drives the real daemon through a simulated month and measures how well `now` kept its
    // promises (Sources/stride-month/main.swift). A client of the wire only: it talks to the `strided` built beside it.
    .executableTarget(
      name: "stride-month",
      dependencies: ["StrideBase", "StrideJSON", "StrideWire", "StridePlatform", "StrideConnection", "StrideClientKit"]),
    // What the test targets share: the fixed instant and tasks in memory (`Fixtures`), `SeededRandom`, temporary
    // directories, where the repository is, and the test process in UTC as it loads (`InUTC.swift`). The model only,
    // so the model's tests link nothing above it.
    .target(name: "StrideTestSupport", dependencies: ["StrideBase", "StrideModel"], path: "Tests/StrideTestSupport"),
    // StrideCore, the daemon's application and services, and the end-to-end journeys through the built programs; and
    // the tests of a lower layer that cross into StrideCore (Docs/architecture.md names them).
    .testTarget(
      name: "StrideCoreTests",
      dependencies: [
        "StrideBase", "StrideJSON", "StrideModel", "StrideProtocol", "StrideTransport", "StrideCalendar", "StrideStore",
        "StrideInterop", "StrideCore", "StrideCalDAV", "StrideDBus", "StrideWire", "StrideManual", "StrideConnection",
        "StrideClientKit", "StrideNowView", "StrideMCP", "StrideTestSupport",
      ],
      // The MCP client script and the fake notification service are read from their paths, not bundled.
      exclude: ["MCP/mcp_client.py", "MCP/mcp_schema.py", "MCP/Schemas", "Daemon/fake_notifications.py"]),
    // The model, capture and the engine, in memory: no store, no wire, no daemon. Engine scenarios, preferences and
    // the capture fixtures are read from their paths, not bundled.
    .testTarget(
      name: "StrideModelTests", dependencies: ["StrideBase", "StrideModel", "StrideTestSupport"],
      exclude: ["Engine/Scenarios", "Capture/Fixtures"]),
    // What StrideBase offers everyone, on its own: byte-wise text search.
    .testTarget(name: "StrideBaseTests", dependencies: ["StrideBase"]),
    // The store on a fresh database file: tasks and their history, notes, routines' wake-ups, the energy fallback,
    // search's folding (a history row keeps its tasks in `Wire.Task`'s shape, hence Protocol and Wire).
    .testTarget(
      name: "StrideStoreTests",
      dependencies: ["StrideBase", "StrideModel", "StrideWire", "StrideProtocol", "StrideStore", "StrideTestSupport"]),
    // The wire without the daemon: JSON read and written, the envelope, a task through `Wire.Task` and back.
    .testTarget(
      name: "StrideProtocolTests",
      dependencies: ["StrideBase", "StrideJSON", "StrideWire", "StrideModel", "StrideProtocol", "StrideTestSupport"]),
    // Import and export in every format, read back as written (through a store), and titles read from a VTODO.
    .testTarget(
      name: "StrideInteropTests",
      dependencies: [
        "StrideBase", "StrideModel", "StrideCalendar", "StrideProtocol", "StrideStore", "StrideInterop",
        "StridePlatform", "StrideTestSupport",
      ]),
    // The session bus: D-Bus's wire format, addresses, and a connection to a real dbus-daemon (`SessionBus`).
    .testTarget(name: "StrideDBusTests", dependencies: ["StrideBase", "StrideDBus", "StrideTestSupport"]),
    // The Now view's keys, and its focus screen over answers written by hand, on their own. (Its screens over what the
    // daemon answers are in StrideCoreTests.)
    .testTarget(name: "StrideNowViewTests", dependencies: ["StrideBase", "StrideJSON", "StrideWire", "StrideNowView"]),
    // `stride mcp`'s server in-process: the MCP messages, each tool a command of the table.
    .testTarget(
      name: "StrideMCPTests", dependencies: ["StrideBase", "StrideJSON", "StrideClientKit", "StrideMCP"]),
    // Roff written and escaped, and help texts read for their parts (the client kit's help, as stride(1) reads it).
    .testTarget(name: "StrideManualTests", dependencies: ["StrideManual", "StrideClientKit"]),
    // What a CalDAV server sends, read by Stride's own XML reader.
    .testTarget(name: "StrideCalDAVTests", dependencies: ["StrideCalDAV"]),
    // Framing lines of bytes, on its own.
    .testTarget(name: "StrideTransportTests", dependencies: ["StrideTransport"]),
    // The CLI's parts in-process: the table of commands, a command line read into each command's options, and
    // what the commands say. (Tests that run the built `stride` are end-to-end, in StrideCoreTests.)
    .testTarget(
      name: "StrideCLITests",
      dependencies: ["StrideBase", "StrideWire", "StrideClientKit", "StrideCLI", "StrideNowView"]),
  ],
  swiftLanguageModes: [.v6]
)
