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
return true
