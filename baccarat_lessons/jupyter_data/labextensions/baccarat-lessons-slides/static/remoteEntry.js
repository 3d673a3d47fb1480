// A hand-written module-federation container (no build step, nothing to fetch).
//
// jupyterlab-rise 0.43's slideshow page (/rise/<notebook>) is its own webpack
// app, and its shared scope has no @jupyterlab/console. The ipywidgets manager
// (@jupyter-widgets/jupyterlab-manager 5.x, from jupyterlab_widgets 3.0.x) asks
// for that module only for the optional IConsoleTracker token, but a missing
// shared module makes the whole manager fail to load, so widgets (and
// anywidget, which needs the manager's registry) never render in the slides.
// JupyterLab and RISE initialise every federated container with the shared
// scope before any extension module is created, so adding a stand-in here,
// only when the page has none, is enough. In JupyterLab itself the real module
// is present and this does nothing.
(function () {
  var containers = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  containers["baccarat-lessons-slides"] = {
    init: function (scope) {
      if (scope["@jupyterlab/console"]) {
        return Promise.resolve();
      }
      var stand_in = {
        // A token no plugin provides: the optional service resolves to null.
        IConsoleTracker: { name: "@jupyterlab/console:IConsoleTracker", description: "" }
      };
      scope["@jupyterlab/console"] = {
        "4.0.0": {
          from: "baccarat-lessons-slides",
          eager: false,
          loaded: 1,
          get: function () {
            return Promise.resolve(function () {
              return stand_in;
            });
          }
        }
      };
      return Promise.resolve();
    },
    get: function (module) {
      return Promise.reject(new Error("baccarat-lessons-slides exposes no module " + module));
    }
  };
})();
