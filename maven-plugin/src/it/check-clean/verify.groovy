def log = new File(basedir, 'build.log').text
assert log.contains('snowchat:check: 3 statements in 2 files (dialect snowflake, mode read_only): 3 allowed, 0 refused')
assert log.contains('BUILD SUCCESS')
return true
