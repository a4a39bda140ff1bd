// Creates the warehouse the test indexes, with the DuckDB driver from the plugin's class path.
def dir = new File(basedir, 'data')
dir.mkdirs()
def file = new File(dir, 'shop.duckdb')
file.delete()
def conn = new org.duckdb.DuckDBDriver().connect('jdbc:duckdb:' + file.absolutePath, new Properties())
try {
  def st = conn.createStatement()
  st.execute('CREATE SCHEMA staging')
  st.execute('CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL)')
  st.execute('''CREATE TABLE orders (id INTEGER PRIMARY KEY,
      customer_id INTEGER REFERENCES customers (id), amount DECIMAL(10,2))''')
  st.execute('CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100')
  st.execute('CREATE TABLE staging.raw_orders (payload VARCHAR)')
} finally {
  conn.close()
}
return true
