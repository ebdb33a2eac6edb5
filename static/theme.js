/* Runs before the page is drawn (not deferred), so a chosen dark theme or four-colour deck
   never flashes the other way: it only copies the choices kept on this device onto <html>. */
(function () {
  "use strict";
  try {
    var theme = window.localStorage.getItem("gin-scorekeeper-theme");
    if (theme === "dark" || theme === "light") { document.documentElement.setAttribute("data-theme", theme); }
    if (window.localStorage.getItem("gin-scorekeeper-deck") === "four") {
      document.documentElement.classList.add("four-colour");
    }
  } catch (e) { /* storage refused: the system's setting holds */ }
}());
