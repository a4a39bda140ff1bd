def log = new File(basedir, 'build.log').text
assert log.contains('Cannot read the catalog from JDBC jdbc:postgresql://127.0.0.1:1/warehouse?connectTimeout=2 as user ci')
assert !log.contains('hunter2-not-for-logs') : 'the password leaked into the log'
assert !new File(basedir, 'target/snowchat/catalog.json').exists()
return true
