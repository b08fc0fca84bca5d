# Die eigenen Meldungen des Servers (`spielstand-api`), auf Deutsch. Jede Meldung steht
# auch in ../en/server.ftl, mit denselben Variablen (ein Test hält beide daran).

server-lan-serving = spielstand ist im Netz des Vereins erreichbar unter:
server-lan-address = { "  " }{ $url }
server-lan-phones = Handys öffnen { $url } (Links und QR-Codes nennen diese Adresse).
server-lan-none = Außer der eigenen Adresse dieses Rechners wurde keine Netzwerkadresse gefunden: Handys erreichen ihn nicht. Links nennen { $url }; verbinde den Rechner mit dem Netz des Vereins, oder gib --public-url an.
server-lan-organiser-created = Das Admin-Token „{ $name }“ für die Anmeldung der Spielleitung wurde angelegt (gespeichert ist nur sein Hash).
server-lan-sign-in = Die Spielleitung scannt dies innerhalb von { $minutes } Minuten, um sich auf einem Handy oder Tablet anzumelden (einmalig):
server-lan-sign-in-link = { "  " }{ $url }
