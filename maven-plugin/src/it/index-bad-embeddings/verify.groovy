def log = new File(basedir, 'build.log').text
assert log.contains("Bad snowchat.embeddings 'bge-small-fp32': embedding model bge-small-fp32 is not on the class path")
assert log.contains('which no Snowchat product ships')
assert !log.contains('Cannot read the catalog') : 'the warehouse was read before the setting was checked'
assert !log.contains('snowchat:index: listing schemas')
def dir = new File(basedir, 'target/snowchat')
assert new File(dir, 'catalog.json').text == 'earlier snapshot'
assert new File(dir, 'catalog.json.vectors').text == 'earlier vectors'
assert dir.list().sort() == ['catalog.json', 'catalog.json.vectors'] : dir.list()
return true
