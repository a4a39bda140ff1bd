def log = new File(basedir, 'build.log').text
// The report goes to target/snowchat, not next to the snapshot (unless snowchat.reportDirectory).
def md = new File(basedir, 'target/snowchat/diff-report.md')
def json = new File(basedir, 'target/snowchat/diff-report.json')
assert md.isFile() && json.isFile()
assert !new File(basedir, 'new/diff-report.md').exists()
def text = md.text
assert text.contains('- `AIRBNB.RAW.RAW_LISTINGS`: column PRICE dropped (was NUMBER(10,2))')
assert text.contains('column CITY added: VARCHAR')
assert text.contains('column NAME type widened: VARCHAR(100) -> VARCHAR(200)')
def report = new groovy.json.JsonSlurper().parse(json)
assert report.breaking == 1
assert report.changes.find { it.kind == 'column_dropped' }.column == 'PRICE'
assert log.contains('1 breaking schema change against schema/catalog.json')
assert log =~ /\[ERROR\]\s+AIRBNB\.RAW\.RAW_LISTINGS: column PRICE dropped \(was NUMBER\(10,2\)\) \(breaking\)/
return true
