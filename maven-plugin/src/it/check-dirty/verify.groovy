def log = new File(basedir, 'build.log').text
assert log =~ /\[ERROR\] sql\/cleanup\.sql:4: Refused.*\[kind DML, rule KIND_NOT_ALLOWED\]/
assert log =~ /\[ERROR\] sql\/cleanup\.sql:8: Refused.*\[kind DDL, rule KIND_NOT_ALLOWED\]/
assert log =~ /\[ERROR\] sql\/cleanup\.sql:9: Refused/
assert !(log =~ /cleanup\.sql:1:/)
assert !(log =~ /cleanup\.sql:7:/)
assert log.contains('5 statements in 1 file (dialect snowflake, mode read_only): 2 allowed, 3 refused')
assert log.contains('3 SQL statements are refused in read_only mode')
def report = new File(basedir, 'target/check-report.txt').text
assert report.readLines().findAll { it.startsWith('sql/cleanup.sql:') }.size() == 3
// SARIF 2.1.0 for code scanning, paths relative to the project folder.
def sarif = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/snowchat/check.sarif'))
assert sarif.version == '2.1.0' && sarif.'$schema'.contains('sarif-2.1.0')
def run = sarif.runs[0]
assert run.tool.driver.name == 'snowchat:check'
assert run.tool.driver.rules*.id.contains('KIND_NOT_ALLOWED')
assert run.results.size() == 3
def first = run.results.find { it.locations[0].physicalLocation.region.startLine == 4 }
assert first.ruleId == 'KIND_NOT_ALLOWED' && first.level == 'error'
assert first.locations[0].physicalLocation.artifactLocation.uri == 'sql/cleanup.sql'
assert first.locations[0].physicalLocation.region.startColumn == 1
assert first.message.text.contains('Not allowed in read_only mode')
return true
