# The server's own messages (`spielstand-api`), in English. Every message is also in
# ../de/server.ftl, with the same variables (a test holds both to it).

server-lan-serving = spielstand serves the club's network at:
server-lan-address = { "  " }{ $url }
server-lan-phones = Phones open { $url } (links and QR codes name it).
server-lan-none = No network address found besides this machine's own: phones cannot reach it. Links name { $url }; connect this machine to the club's network, or give --public-url.
server-lan-organiser-created = Made the admin token "{ $name }" for the organiser's sign-in (only its hash is kept).
server-lan-sign-in = The organiser scans this within { $minutes } minutes to sign in on a phone or tablet (once):
server-lan-sign-in-link = { "  " }{ $url }
