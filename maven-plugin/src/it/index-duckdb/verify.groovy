def log = new File(basedir, 'build.log').text
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/snowchat/catalog.json'))
def names = json.tables.collect { "${it.database}.${it.schema}.${it.name}".toString() }
assert names == ['shop.main.big_orders', 'shop.main.customers', 'shop.main.orders'] : names
def customers = json.tables.find { it.name == 'customers' }
assert customers.columns*.name == ['id', 'name']
assert customers.columns.find { it.name == 'name' }.nullable == false
assert json.tables.find { it.name == 'big_orders' }.kind == 'view'

def md = new File(basedir, 'target/snowchat/index-report.md').text
assert md.contains('| shop | main | 2 | 1 |')
assert !md.contains('staging')
assert log.contains('(exclude *.STAGING)')
assert log =~ /snowchat:index: schema 1\/1 shop\.main: 3 tables and views/
return true
