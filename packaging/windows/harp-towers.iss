; Inno Setup 6 script: the Windows installer of the one-folder bundle (docs/packaging.md).
; Built by the CI workflow (.github/workflows/desktop.yml) after packaging/build.py:
;   iscc /DAppVersion=0.1.0 /DRepo=%CD% packaging\windows\harp-towers.iss
; -> dist\harp-towers-0.1.0-windows-setup.exe
; Per-user by default (no administrator needed); an administrator may choose all users.
; The Start menu shortcut carries the app id as its AppUserModelID, the one native.py gives the
; window, so the taskbar groups the running window with the shortcut.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef Repo
  #define Repo "..\.."
#endif
#define AppId "io.github.harptowers.HarpTowers"

[Setup]
AppId={#AppId}
AppName=Harp & Towers
AppVersion={#AppVersion}
AppPublisher=The Harp & Towers developers
AppPublisherURL=https://github.com/harptowers/harp-towers
DefaultDirName={autopf}\Harp & Towers
DefaultGroupName=Harp & Towers
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#Repo}\dist
OutputBaseFilename=harp-towers-{#AppVersion}-windows-setup
SetupIconFile={#Repo}\build\pyinstaller\{#AppId}.ico
UninstallDisplayIcon={app}\harp-towers.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
LicenseFile={#Repo}\packaging\windows\LICENSE.txt

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "ca"; MessagesFile: "compiler:Languages\Catalan.isl"

[Files]
Source: "{#Repo}\dist\harp-towers\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Harp & Towers"; Filename: "{app}\harp-towers.exe"; AppUserModelID: "{#AppId}"
Name: "{autodesktop}\Harp & Towers"; Filename: "{app}\harp-towers.exe"; AppUserModelID: "{#AppId}"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Run]
Filename: "{app}\harp-towers.exe"; Description: "{cm:LaunchProgram,Harp & Towers}"; Flags: nowait postinstall skipifsilent

; Games, settings and statistics live in %LOCALAPPDATA%\harp-towers and stay after an
; uninstall, as on Linux.
