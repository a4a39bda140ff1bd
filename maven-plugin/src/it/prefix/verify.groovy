def log = new File(basedir, 'build.log').text
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'schema/catalog.json'))
assert json.tables.every { it.schema == 'ANALYTICS' }
assert json.tables.any { it.name == 'DIM_LISTINGS' }
assert new File(basedir, 'schema/index-report.md').isFile()
assert log =~ /--- snowchat:[^:]+:index \(default-cli\) @ prefix ---/
assert log =~ /snowchat:index: 1 schema to read/
return true
