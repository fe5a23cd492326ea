import StrideBase
import StridePlatform
import StrideWire

/// The help texts: `stride help`, `stride help COMMAND`, `stride COMMAND --help`.
public enum Help {
  public static let commands: [String: String] = otherCommands.merging([
    "add": """
    Usage: stride add TEXT... [--dry-run]
           stride add -            (read the thought from standard input; further lines are steps)

    Captures a thought as a new task. The text is kept as you typed it, and read for:
      ~10m ~1h30m          how long it takes
      !low !med !high      how much energy it needs
      #health              a tag
      tomorrow 9am         when it is due (also: by friday)
      after 6pm            when it may start
      22-23 feb            may start, then due
      9:30 EST             a time in another zone
      every monday         a routine (every day, every 2 weeks, …)
      title: a, b, c       steps after a colon
      a; b  or  a then b   steps in order
      due:fri start:mon energy:low est:15m type:obligation tag:home
                           the same, Taskwarrior-style
    Quoted text is never read. Docs/capture.md has every rule.

      stride add "call the dentist about the crown tomorrow 9am ~10m !low #health"
      stride add --dry-run "pay rent by friday"   shows how it was read, saves nothing
    """,
    "now": """
    Usage: stride now [--energy LEVEL] [--for MINUTES] [--at TIME] [--limit N] [--tags a,b] [--list NAME] [--all]
           stride now -i [--list NAME]   the Now view on a terminal (as 'stride' alone; also --interactive)

    Shows at most five things you can start now, numbered, each with its next step or a way in
    ("break it into steps", "start the first 15 minutes", "check on it") and why it was picked.
    Stride weighs what is due, how much energy each needs against yours, the time you have,
    what you have started, what others wait on, and why you put things off before.

      --energy low|medium|high   rank for this energy (default: what 'stride energy' set)
      --for 20m                  the time you have; longer tasks that matter are offered as
                                 their first 15 minutes, the others are left out
      --at "tomorrow 9am"        what the list would be at another time (a day alone: the
                                 start of your day, 09:00 unless set)
      --tags home,errands        only tasks with one of these tags
      --list home                only tasks in this list (every list is weighed: what
                                 waits on a task elsewhere still counts)
      --limit 3                  fewer than five
      --all                      also list every task left out, and why

    Docs/context-engine.md explains the whole model; 'stride why ID' shows one task's score.
    """,
    "show": """
    Usage: stride show ID

    Shows everything about one task: status, energy, estimate, due time, tags, what it
    waits on, its deferrals, its steps, its notes (numbered, oldest first, each with when
    it was written), and the text it was captured from.
    """,
    "done": """
    Usage: stride done ID
           stride done ID.N
           stride done ID ID.N ...
           stride done

    Marks a task done, or step N of it. Finishing the last open step finishes the task.
    Alone, during a focus session: finishes what the session is on, and ends it; a focus
    session also ends when the task or the step it is on is done.
    Several at once are each said in a sentence of their own; one that cannot be done is
    said on stderr, the others are still done, and the exit status is 1.

      stride done 12      task 12
      stride done 12.2    step 2 of task 12
      stride done 3 4     tasks 3 and 4
    """,
    "start": """
    Usage: stride start [ID | ID.N] [--for DURATION] [--switch] [--first TEXT]

    Starts a focus session: one task, or one of its steps, for a timebox you can see
    passing, five minutes unless --for says otherwise (1m to 12h). Without an id, the first
    task of 'now'. It says the one step to do now; for a task with no steps, on a terminal
    it first asks for the very first thing you will physically do, which becomes step 1,
    the task itself step 2 (Enter skips; --first gives it). A task put off is taken up
    again. One session runs at a time: when another runs, it is named, and on a terminal
    you are asked whether to switch first (--switch does, anywhere).
    When the time is up, Stride asks calmly: keep going (stride extend), finish (stride
    done) or stop here (stride stop). The time spent is kept; time the computer slept is
    not counted. 'stride now' and 'stride prompt' show the session while it runs.

      stride start 12              task 12, five minutes
      stride start 12.2 --for 25m  step 2 of task 12, for 25 minutes
      stride start                 the first task of 'now'
    """,
    "stop": """
    Usage: stride stop

    Ends the focus session and says how long it ran. Stopping is a fine answer; the time
    spent is kept. To finish what it was on instead: stride done.
    """,
    "pause": """
    Usage: stride pause

    Puts the focus session on hold: nothing counts and the timebox waits until
    'stride resume'.
    """,
    "extend": """
    Usage: stride extend [--for DURATION]

    Keeps going: one more timebox of the session's own length, or --for more (1m to 12h).
    """,
    "reopen": """
    Usage: stride reopen ID
           stride reopen ID.N

    Brings a finished task, or a finished step, back. Reopening a step of a finished
    task makes the task active again.
    """,
    "step": """
    Usage: stride step ID TEXT...

    Adds a step at the end of a task. Steps are numbered from 1: the new step of task 12
    is done with 'stride done 12.N'.
    """,
    "note": """
    Usage: stride note ID TEXT...
           stride note ID          (or: stride note ID -)

    Keeps a dated note on a task, open or finished: what the plumber said, the number to
    call, what it cost. With no text, or -, the note is read from standard input, so a
    longer one can be typed (end it with Ctrl-D) or piped in. 'stride show ID' lists the
    notes; 'stride undo' takes the last one back; 'stride edit ID --remove-note N' removes
    note N.

      stride note 12 the plumber comes Thursday between 8 and 10
      pbpaste | stride note 12
    """,
    "edit": """
    Usage: stride edit ID [--title TEXT] [--energy LEVEL] [--estimate 15m] [--type TYPE]
                          [--due TIME] [--start TIME] [--tags a,b] [--repeat RULE]
                          [--remove-note N]

    Changes the fields you name and leaves the others alone.

      --energy low|medium|high    how much energy the task needs
      --estimate 15m|1h30m|none   how long it takes (none clears it)
      --type obligation|goal|chore
      --due 2026-12-01T17:00|none when it is due (a date alone means the end of that day)
      --start "mon 9am"|none      when it may start: it is not suggested before (a date alone
                                  means the start of your day, time.dayStart, 09:00 unless set)
      --tags health,calls         replaces the tags (an empty list clears them)
      --repeat "every friday"|none  makes it a routine (every monday, every weekday,
                                  every mon wed fri 7am, every 2 weeks, daily, every
                                  month on the 1st, every last friday, every 3 days
                                  after done), or a one-off again
      --remove-note 2             removes note 2 (stride show numbers them)
    """,
    "defer": """
    Usage: stride defer ID REASON [--until TIME] [--on ID]

    Puts a task off, and remembers why. The reason decides what happens next:

    \(DeferReason.allCases.map { "  \($0.rawValue): \($0.meaning);\n    \($0.rule)." }.joined(separator: "\n"))

    --until takes a time as add reads it (a date alone, like tomorrow, means the start of
    your day: time.dayStart in config.json, 09:00 unless set; tonight said after 22:00 is
    the coming hours, and a time in the small hours keeps no daily window).
    'stride resume ID' ends any deferral at once.

      stride defer 12 no-energy --until 2026-12-01T19:00
    """,
    "wait": """
    Usage: stride wait ID [NOTE...] [--follow-up TIME]

    Parks a task while it waits on someone or something; the note says what. With
    --follow-up, Stride offers it as "check on it" from that time.

      stride wait 12 reply from Sam --follow-up friday
    """,
    "resume": """
    Usage: stride resume ID
           stride resume

    Ends a deferral or a wait: the task is active again. Alone: a paused focus session goes
    on.
    """,
    "block": """
    Usage: stride block ID --on OTHER

    Makes task ID wait on task OTHER: it stays out of 'now' until OTHER is done. A loop
    (two tasks waiting on each other) is refused.
    """,
    "unblock": """
    Usage: stride unblock ID --on OTHER

    Task ID no longer waits on task OTHER.
    """,
    "skip": """
    Usage: stride skip ID

    Moves a routine to its next time without counting it as done: its steps open
    again, and it is due at the next occurrence after the current one.
    """,
    "pin": """
    Usage: stride pin ID

    Keeps a task in 'now', first, whatever else comes up, until it is done or unpinned.
    At most three tasks are pinned. A pinned task that is deferred, waiting or blocked
    says so in 'stride now --all'.
    """,
    "duplicate": """
    Usage: stride duplicate ID
           stride copy ID

    Adds a new open task made from another, open or done, to do again: its title,
    energy, estimate, type, due and start times, tags, routine, list and steps, none of
    them done. Its notes, deferrals, pin, dependencies and time spent stay with the
    first. 'stride undo' takes the copy back.
    """,
    "move": """
    Usage: stride move ID LIST

    Moves a task into another list (see 'stride lists'). A task that syncs leaves the old
    list's server and is made on the new one's at the next sync. 'stride undo' moves it back.
    """,
    "lists": """
    Usage: stride lists                   every list: its tasks, where it syncs, when it last did
           stride lists add NAME          make a list kept here (sync setup makes one that syncs)
           stride lists default NAME      new tasks go here unless the capture names a list
           stride lists rename NAME NEW   give a list another name (its tasks and undo follow)
           stride lists remove NAME       remove an empty list (not the default)

    Every task is in one list; a capture goes to the default list ('inbox' at first) unless it
    says list:NAME ('stride add "fix the tap list:home"'). 'now' ranks every list; narrow it
    with 'stride now --list home' (or 'stride list --list home'). A list syncs with a task list
    on a CalDAV server, perhaps one another person shares with you: see 'stride help sync'.
    """,
    "calendars": """
    Usage: stride calendars                     each calendar, whether it counts, when it was read
           stride calendars add FILE|URL [--name NAME]
                                                read events from an .ics file or a webcal:// or
                                                https:// address (a calendar app's subscription)
           stride calendars use NAME            count a calendar's events (a server's, found for you)
           stride calendars ignore NAME         stop counting them, without forgetting the calendar
           stride calendars remove NAME         forget a file or an address
           stride calendars refresh             read every calendar now

    With your calendars, 'now' knows your day: with no --for, the time before your next
    event (within four hours) is the time you have ("You have 25 minutes before 'dentist'
    at 15:00"), and what does not fit is offered as its first 15 minutes or not at all.
    During an event it says so and shows what fits after it. If a list syncs with a CalDAV
    server, the event calendars on that server are listed here too; count the ones that are
    yours with 'stride calendars use NAME'. Calendars are only read, every 15 minutes (a
    file when it changes), two months ahead; offline, the copy read last serves. Event
    titles stay on this machine. Events marked free or cancelled take no time, nor do
    invitations you declined (your address comes from a server account, or from
    calendars.addresses in the settings file), nor all-day events unless marked busy.
    """,
    "unpin": """
    Usage: stride unpin ID

    Lets a pinned task take its place by score again.
    """,
    "delete": """
    Usage: stride delete ID

    Removes a task. 'stride undo' brings it back.
    """,
    "undo": """
    Usage: stride undo [--sync]

    Takes back the last change you made in this terminal: a capture, a completion, an edit,
    a deferral, a delete; it says which task and what. Run it again to go further back. When
    this terminal made no change left to undo, it takes back the last one made elsewhere on
    this machine, and says so. What sync brought from another device is never undone this
    way: --sync takes back the last change sync received, and the next sync sends that to
    the server too. A later change to the same task is kept. Energy settings are not undone.
    """,
    "energy": """
    Usage: stride energy [low|medium|high|clear]

    Without a level, says what your energy is set to. With one, sets it: 'now' then ranks
    for it, leading with a warm-up when it is low and leaving out what needs much more.
    It counts for six hours (context.energyLapseHours in config.json), then is unknown
    again: energy changes through the day. Unset, once you have finished 30 tasks, 'now'
    ranks for the energy you usually have at that hour, and says so ('stride review'
    shows your day; engine.learnEnergy in config.json turns it off).
    """,
    "why": """
    Usage: stride why ID [--energy LEVEL] [--for MINUTES] [--at TIME] [--tags a,b]

    Shows why a task is where it is in 'now': its place and every term of its score (what
    went in, the value, the weight, the contribution), or the reason it is left out.
    """,
    "prompt": """
    Usage: stride prompt [--json]

    Prints one short line for a shell prompt: the first thing to start now and how many more
    are on the now-list, like: call the dentist (+3). It never starts the daemon, waits at most
    half a second, and prints nothing (exit 0) when the daemon is not running or nothing is ready.

      PS1='$(stride prompt 2>/dev/null) \\$ '
    """,
    "completions": """
    Usage: stride completions bash|zsh|fish

    Prints a completion script: commands, options, their values (energy levels, defer reasons,
    formats) and open task ids with their titles, asked of the daemon when you press Tab (none,
    and no daemon started, when it is not running).

      source <(stride completions bash)      in ~/.bashrc
      source <(stride completions zsh)       in ~/.zshrc, after compinit
      stride completions fish | source       in ~/.config/fish/config.fish
    """,
    "export": """
    Usage: stride export [--format json|taskwarrior|todotxt|ical] [--output FILE]

    Writes every task, open and done, to standard output (or FILE), and says what a format
    could not keep:
      json          Stride's own, complete: stride import reads it back as it was (the default)
      taskwarrior   JSON for 'task import'
      todotxt       one line per task
      ical          iCalendar VTODO, for calendar and reminder apps
    Other spellings do too, in any case: todo.txt or todo-txt, tw, ics or icalendar.
    Docs/interop.md says how each field maps.

      stride export --format ical --output tasks.ics
    """,
    "import": """
    Usage: stride import FILE [--from stride|taskwarrior|todotxt|ical] [--dry-run]

    Adds the tasks in FILE ('-' for standard input), all of them or none, and says what it
    imported, what it left out and why. The format is read from the content: BEGIN:VCALENDAR is
    iCalendar (VTODO; subtasks become steps), { a Stride export, [ Taskwarrior's 'task export',
    anything else todo.txt. A file that is not what --from says is refused. --from takes other
    spellings too, in any case: json for stride, todo.txt, tw, ics or icalendar.
    --dry-run shows the same report and saves nothing; 'stride undo' takes a whole import back.

      task export > tw.json && stride import tw.json --dry-run
    """,
    "sync": """
    Usage: stride sync                 sync now, and say what moved
           stride sync status          when it last worked, what waits to be sent, the last error
           stride sync setup URL [--user NAME] [--password-command CMD] [--insecure]
                             [--all | --lists A,B | --make NAME | --create] [--list NAME]

    Keeps your tasks the same on every device through a CalDAV server (Radicale, Nextcloud,
    Fastmail, iCloud…), so Tasks.org, Thunderbird, Apple Reminders and Stride on your other
    machines see them, steps as subtasks. URL is a task list's address, or the server's: then
    the task lists are found for you. With several, choose: --all, --lists Home,Work (their
    names on the server), or --make NAME for a new one (--create makes one called Stride when
    there is none); on a terminal Stride asks. Each syncs with a list here: the one --list
    names, else the list of the same name, else the default list if it syncs with nothing yet,
    else a new one ('stride lists' shows them). Run setup again for another account or server.
    A list another person shares with you syncs the same way; your deferrals and pins on it
    stay yours. If they take your right to write away, what you change stays here, named.
    The daemon syncs by itself: at start, shortly after a change, and every five minutes;
    offline, changes wait and go out later. Nothing is lost: a field changed on two devices
    keeps the later change, and 'stride show' says what the other was.

    The password is never stored: --password-command runs a program that prints it (like
    'pass show dav'), or set STRIDE_SYNC_PASSWORD. Plain http:// is for this machine only,
    unless you add --insecure.

      stride sync setup https://dav.example.com/ --user ada \\
        --password-command 'pass show dav'
    """,
    "when": """
    Usage: stride when TEXT... [--ref TIME] [--json]

    Shows how Stride reads a time, the same way add, defer --until, edit --due and now --at
    read it: like 'date -d', but for people. The daemon reads it, in this shell's time zone and date
    order, and starts if it is not running.

      stride when "next fri 9am"
      stride when eom
      stride when "9am to 5pm" --ref 2026-12-01
      stride when "thursday 8:00 GMT"      a time in another zone, said in yours
      stride when "first tuesday in october"
    """,
    "help": """
    Usage: stride help [COMMAND]
           stride help --man stride|strided|stride-config

    Shows the list of commands, or the help for one. With --man, prints a manual page as roff:
    stride(1), strided(8) or stride-config(5), the pages 'stride daemon install' puts where man
    finds them ('man stride'). To read one without installing it: stride help --man stride | man -l -
    The daemon's two pages come from strided (strided --man PAGE), so they need it installed beside stride.
    """,
  ]) { kept, _ in kept }
}
