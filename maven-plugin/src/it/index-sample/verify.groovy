def log = new File(basedir, 'build.log').text
def snapshot = new File(basedir, 'target/snowchat/catalog.json')
def report = new File(basedir, 'target/snowchat/index-report.md')
assert snapshot.isFile() : 'no catalog snapshot'
assert report.isFile() : 'no index report'

def json = new groovy.json.JsonSlurper().parse(snapshot)
assert json.format == 'snowchat-catalog'
assert json.version == 1
def names = json.tables.collect { "${it.database}.${it.schema}.${it.name}".toString() }
assert names.contains('AIRBNB.ANALYTICS.FACT_REVIEWS')
assert names.contains('AIRBNB.RAW.RAW_LISTINGS')
assert names.contains('AIRBNB.ANALYTICS.VW_HOST_PERFORMANCE')
assert json.tables.find { it.name == 'VW_HOST_PERFORMANCE' }.kind == 'view'

def md = report.text
assert md.contains('# Snowchat catalog index')
assert md.contains('embedded sample warehouse')
assert md.contains('| AIRBNB | ANALYTICS |')
assert md.contains('| AIRBNB | RAW |')
assert md.contains('## Join graph')
assert md.contains('## Glossary coverage')
assert md.contains('  - `AIRBNB.ANALYTICS.FACT_BOOKINGS` (terms: bookings)')
assert !md.contains('`FACT_REVIEWS`')

// Progress as it goes: schemas done of total, tables, elapsed.
assert log =~ /snowchat:index: \d+ schemas to read/
assert log =~ /snowchat:index: schema 1\/\d AIRBNB\.\w+: \d+ tables and views \(\d+ so far, [0-9.]+ s\)/
assert log =~ /snowchat:index: schema 2\/\d AIRBNB/
assert log.contains('glossary target names no table: AIRBNB.ANALYTICS.FACT_BOOKINGS')
assert log.contains('BUILD SUCCESS')

// Issue 14: the shipped model's vectors go beside the snapshot, so a server started from it
// embeds nothing.
def vectors = new File(basedir, 'target/snowchat/catalog.json.vectors')
assert vectors.isFile() : 'no vectors beside the snapshot'
assert new String(vectors.bytes, 0, 16, 'US-ASCII') == 'SNOWCHAT-VECTORS'
assert log =~ /snowchat:index: \d+ vectors of bge-small:bge-small-en-v1.5-q.onnx@1.10.0-beta18:256 \(\d+ embedded\) in [0-9.]+ s beside the snapshot/
// Beside the snapshot and with its mode (0644 before the umask, not 0600).
def mode = { f -> java.nio.file.Files.getPosixFilePermissions(f.toPath()) }
assert mode(vectors) == mode(snapshot)
return true
