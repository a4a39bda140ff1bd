def log = new File(basedir, 'build.log').text
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'schema/catalog.json'))
assert json.tables.every { it.schema == 'ANALYTICS' }
assert json.tables.any { it.name == 'DIM_LISTINGS' }
// The report stays in target/snowchat: schema/ holds only what is meant to be committed.
assert new File(basedir, 'target/snowchat/index-report.md').isFile()
assert !new File(basedir, 'schema/index-report.md').exists()
// Readable as any file the user writes, not 0600.
def mode = java.nio.file.Files.getPosixFilePermissions(new File(basedir, 'schema/catalog.json').toPath())
assert mode.contains(java.nio.file.attribute.PosixFilePermission.GROUP_READ)
assert log =~ /--- snowchat:[^:]+:index \(default-cli\) @ prefix ---/
assert log =~ /snowchat:index: 1 schema to read/
return true
