// An earlier run's snapshot and vectors, which a failed run must leave as they are.
def dir = new File(basedir, 'target/snowchat')
dir.mkdirs()
new File(dir, 'catalog.json').text = 'earlier snapshot'
new File(dir, 'catalog.json.vectors').text = 'earlier vectors'
return true
