extension SabreDAV {
  /// The server: PHP that sets up sabre/dav 1.8's CalDAV server (principals, calendar homes, the CalDAV and ACL
  /// plugins) on PDO SQLite backends in its own folder. On the first request it makes the tables (the schema of
  /// sabre's examples/sql/sqlite.*.sql), the accounts alice and bob with their principals and Digest hashes, and
  /// alice's task list. `SABRE_LOGIN` says how logins are asked for: `digest` (sabre's PDO backend) or `basic` (the
  /// same hashes, made from the password given). PHP's deprecation notices for sabre 1.8's older code go to a log
  /// beside it, never into an answer.
  static let script = #"""
    <?php
    error_reporting(E_ALL & ~E_DEPRECATED & ~E_USER_DEPRECATED);
    ini_set('display_errors', '0');
    ini_set('log_errors', '1');
    ini_set('error_log', __DIR__ . '/php-errors.log');
    date_default_timezone_set('UTC');
    require_once 'Sabre/autoload.php';

    $realm = 'SabreDAV';
    $pdo = new PDO('sqlite:' . __DIR__ . '/db.sqlite');
    $pdo->setAttribute(PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION);
    $pdo->exec('PRAGMA busy_timeout = 10000');
    if (!$pdo->query("SELECT name FROM sqlite_master WHERE name = 'users'")->fetchColumn()) {
        $pdo->exec('BEGIN EXCLUSIVE');
        $pdo->exec('
            CREATE TABLE calendarobjects (id integer primary key asc, calendardata blob, uri text,
                calendarid integer, lastmodified integer, etag text, size integer, componenttype text,
                firstoccurence integer, lastoccurence integer);
            CREATE TABLE calendars (id integer primary key asc, principaluri text, displayname text, uri text,
                ctag integer, description text, calendarorder integer, calendarcolor text, timezone text,
                components text, transparent bool);
            CREATE TABLE principals (id INTEGER PRIMARY KEY ASC, uri TEXT, email TEXT, displayname TEXT,
                vcardurl TEXT, UNIQUE(uri));
            CREATE TABLE groupmembers (id INTEGER PRIMARY KEY ASC, principal_id INTEGER, member_id INTEGER,
                UNIQUE(principal_id, member_id));
            CREATE TABLE users (id integer primary key asc, username TEXT, digesta1 TEXT, UNIQUE(username));
        ');
        $principals = $pdo->prepare('INSERT INTO principals (uri, email, displayname) VALUES (?, ?, ?)');
        $users = $pdo->prepare('INSERT INTO users (username, digesta1) VALUES (?, ?)');
        foreach (['alice' => 'secret', 'bob' => 'bobsecret'] as $user => $password) {
            $principals->execute(["principals/$user", "$user@example.org", ucfirst($user)]);
            $principals->execute(["principals/$user/calendar-proxy-read", null, null]);
            $principals->execute(["principals/$user/calendar-proxy-write", null, null]);
            $users->execute([$user, md5("$user:$realm:$password")]);
        }
        (new Sabre\CalDAV\Backend\PDO($pdo))->createCalendar('principals/alice', 'tasks', [
            '{DAV:}displayname' => 'Tasks',
            '{urn:ietf:params:xml:ns:caldav}supported-calendar-component-set' =>
                new Sabre\CalDAV\Property\SupportedCalendarComponentSet(['VTODO']),
        ]);
        $pdo->exec('COMMIT');
    }

    /// Basic logins against the Digest hashes sabre's PDO backend keeps.
    class BasicFromDigest extends Sabre\DAV\Auth\Backend\AbstractBasic {
        function __construct(private PDO $pdo, private string $realm) {}
        protected function validateUserPass($username, $password) {
            $stmt = $this->pdo->prepare('SELECT digesta1 FROM users WHERE username = ?');
            $stmt->execute([$username]);
            $hash = $stmt->fetchColumn();
            return $hash !== false && hash_equals($hash, md5("$username:{$this->realm}:$password"));
        }
    }

    $auth = getenv('SABRE_LOGIN') === 'basic'
        ? new BasicFromDigest($pdo, $realm) : new Sabre\DAV\Auth\Backend\PDO($pdo);
    $principalBackend = new Sabre\DAVACL\PrincipalBackend\PDO($pdo);
    $server = new Sabre\DAV\Server([
        new Sabre\CalDAV\Principal\Collection($principalBackend),
        new Sabre\CalDAV\CalendarRootNode($principalBackend, new Sabre\CalDAV\Backend\PDO($pdo)),
    ]);
    $server->setBaseUri('/');
    $server->addPlugin(new Sabre\DAV\Auth\Plugin($auth, $realm));
    $server->addPlugin(new Sabre\DAVACL\Plugin());
    $server->addPlugin(new Sabre\CalDAV\Plugin());
    $server->exec();
    """#
}
